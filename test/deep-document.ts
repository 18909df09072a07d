/**
 * A valid document whose schemas form one long chain of references (hostile input: walks over
 * schemas and references must not recurse once per link). `components.schemas.s0` leads to s1,
 * s1 to s2, … up to `s<length>`, a plain object; one channel message has s0 as its payload.
 *
 * - `property`: `s<i>: {type: object, properties: {next: {$ref: s<i+1>}}}`
 * - `nested`: the reference two inline levels down (`properties.a.properties.b`)
 * - `items`: `s<i>: {type: array, items: {$ref: s<i+1>}}`
 * - `allOf`: `s<i>: {allOf: [{$ref: s<i+1>}]}`
 * - `alias`: `s<i>: {$ref: s<i+1>}` (a reference to a reference, a thousand times)
 */
export type ChainKind = 'property' | 'nested' | 'items' | 'allOf' | 'alias';

export const CHAIN_KINDS: ChainKind[] = ['property', 'nested', 'items', 'allOf', 'alias'];

export function deepChainDocument(kind: ChainKind, length: number, { example }: { example?: unknown } = {}): string {
  const lines = [
    'apidesc: 3.0.0',
    'info:',
    `  title: A chain of ${length} ${kind} references`,
    '  version: 1.0.0',
    'channels:',
    '  chain:',
    '    address: chain',
    '    messages:',
    '      link:',
    '        payload:',
    "          $ref: '#/components/schemas/s0'",
    ...(example === undefined ? [] : [`        examples: [{payload: ${JSON.stringify(example)}}]`]),
    'components:',
    '  schemas:',
  ];
  for (let i = 0; i < length; i++) {
    const next = `{$ref: '#/components/schemas/s${i + 1}'}`;
    const schema = {
      property: `{type: object, properties: {next: ${next}}}`,
      nested: `{type: object, properties: {a: {type: object, properties: {b: ${next}}}}}`,
      items: `{type: array, items: ${next}}`,
      allOf: `{allOf: [${next}]}`,
      alias: next,
    }[kind];
    lines.push(`    s${i}: ${schema}`);
  }
  lines.push(`    s${length}: {type: object, description: the end of the chain}`);
  return lines.join('\n') + '\n';
}
