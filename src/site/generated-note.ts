/**
 * The line over generated examples. "The document gives no example" only where it gives none of
 * the message, nor of its schemas, nor of their fields: a value made with a field's example says
 * so (the field's "e.g." in the table is that value).
 */
export function generatedNote(count: number, of: 'schema' | 'schemas', fieldValues: boolean | undefined): string {
  const these = count === 1 ? 'this one is' : 'these are';
  return fieldValues
    ? `${count === 1 ? 'This example is' : 'These examples are'} generated from the ${of}, with the example values the document gives for its fields.`
    : `The document gives no example: ${these} generated from the ${of}.`;
}
