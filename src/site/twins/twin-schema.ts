/**
 * A schema's rows (schema-rows.ts: already flattened, cut at MAX_ROW_DEPTH, recursion as back
 * references) as one nested Markdown list: each field with its name, type, whether it is
 * required, its constraints, values and description; its own fields indented below it.
 */
import type { SchemaRow } from '../../lib/model/types.ts';
import { htmlToInlineMarkdown } from './html-to-markdown.ts';
import { codeSpan, escapeInline, jsonSpan, lineStart } from './markdown-text.ts';
import { twinHref } from './twin-links.ts';
import { wrongExamplesNote } from '../wrong-examples-note.ts';
import { moreCharactersWords, moreValuesWords, shownJson, shownValues } from '../../lib/model/shown-values.ts';
import { moreExamplesWords } from '../../lib/model/shown-examples.ts';

const COMBINATOR_WORDS: Record<NonNullable<SchemaRow['combinator']>, string> = {
  oneOf: 'exactly one of the shapes below',
  anyOf: 'one or more of the shapes below',
  allOf: 'all of the parts below',
  not: 'must not match the schema below',
  if: 'if it matches the schema below',
  then: 'then it must match the schema below',
  else: 'else it must match the schema below',
};

/** The rows as list lines; `root` is the page the twin belongs to (links are relative to it). */
export function schemaList(rows: SchemaRow[], root: string): string[] {
  if (rows.length === 0) return ['- any value'];
  const top = Math.min(...rows.map((r) => r.depth));
  return rows.map((row) => `${'  '.repeat(Math.max(0, row.depth - top))}- ${lineStart(rowLine(row, root))}`);
}

function rowLine(row: SchemaRow, root: string): string {
  const link = (target: { id: string; url: string }): string => `[${escapeInline(target.id)}](${twinHref(root, target.url)})`;
  const name = row.name === '' ? '*(the value)*' : row.alternative ? `*${escapeInline(row.name)}*` : codeSpan(row.name);
  const facts: string[] = [escapeInline(row.type) + (row.format ? ` (${escapeInline(row.format)})` : '')];
  if (row.nullable) facts.push('null allowed');
  if (row.name !== '' && !row.alternative) facts.push(row.required ? 'required' : 'optional');
  if (row.component) facts.push(`schema ${link(row.component)}`);
  if (row.extends?.length) facts.push(`extends ${row.extends.map(link).join(', ')}`);
  if (row.from) facts.push(`from ${link(row.from)}`);
  facts.push(...row.constraints.map(escapeInline));
  facts.push(...row.flags);
  if (row.enum) facts.push(`one of ${values(row.enum)}`);
  if (row.itemEnum) facts.push(`each item one of ${values(row.itemEnum)}`);
  if (row.const !== undefined) facts.push(`always ${valueSpan(row.const)}`);
  if (row.default !== undefined) facts.push(`default ${valueSpan(row.default)}`);
  if (row.examples?.length) facts.push(`example ${values(row.examples)}${row.moreExamples ? ` and ${row.moreExamples} more` : ''}`);
  else if (row.moreExamples) facts.push(moreExamplesWords(row.moreExamples));
  if (row.wrongExamples?.length) facts.push(wrongExamplesNote(row, codeSpan, escapeInline).replace(/^The/, 'the').replace(/\.$/, ''));
  if (row.booleanSchema !== undefined) facts.push(row.booleanSchema ? 'anything is allowed' : 'nothing is allowed');
  if (row.combinator) facts.push(COMBINATOR_WORDS[row.combinator]);
  if (row.discriminator)
    facts.push(
      `the property ${codeSpan(row.discriminator.property)} selects the subtype: ${row.discriminator.subtypes.map((s) => `${jsonSpan(s.value)} → ${link(s.schema)}`).join(', ') || 'none known'}`,
    );
  for (const s of row.selectedBy ?? []) facts.push(`a kind of ${link(s.base)}, selected when ${codeSpan(s.property)} is ${jsonSpan(s.value)}`);
  if (row.backReference) facts.push(`the same schema as ${codeSpan(row.backReference.name)} above (it contains itself)`);
  if (row.repeatOf) facts.push(`the same schema as ${codeSpan(row.repeatOf.name)} above (its fields are listed there)`);
  if (row.unresolvedHtml) facts.push(`not shown: ${htmlToInlineMarkdown(row.unresolvedHtml)}`);
  if (row.cut) facts.push(row.cut.on ? `its fields continue on ${link(row.cut.on)}` : 'nested deeper than shown here');
  const description = row.descriptionHtml ? htmlToInlineMarkdown(row.descriptionHtml) : '';
  return `${name}: ${facts.join(' · ')}${description ? ` — ${description}` : ''}`;
}

/** Values listed inline before the rest is counted (shown-values.ts, as the page does): an enum of thousands stays one line. */
function values(list: unknown[]): string {
  const { shown, more } = shownValues(list);
  return [shown.map(valueSpan).join(', '), moreValuesWords(more)].filter(Boolean).join(' ');
}

/** A value as a code span, a long one cut as the page cuts it, and how much of it is left out. */
function valueSpan(value: unknown): string {
  const { json, cut } = shownJson(value);
  return cut > 0 ? `${codeSpan(json)} ${moreCharactersWords(cut)}` : codeSpan(json);
}

/** What a table cut at its row limit says in place of the fields it left out (schema-rows.ts MAX_TABLE_ROWS). */
export function omittedNote(omitted: number): string {
  return `*${omitted} more ${omitted === 1 ? 'field is' : 'fields are'} not listed here: the table stops at its size limit; each named schema's own page lists its fields.*`;
}
