/**
 * A schema tree's HTML (SchemaTable.astro writes it into its box): the schema's own line and
 * facts, then its fields, each a block with name, type, required, from which part, constraints,
 * values and description, and its own fields indented below it in a <details> (open for the first
 * levels); alternatives (oneOf / anyOf) as shapes the reader opens one by one. Every field's anchor
 * is its data path (`payload.lines[].sku`).
 *
 * One function writes it as a string, rather than a row through five nested Astro components
 * (rows, facts, type, name, wrap points): schema rows are most of a reference site's markup, and
 * Astro's machinery for each component, fragment and expression cost more than the HTML itself.
 * Strings are escaped as Astro escapes them (escapeHtml, escapeAttribute), so the pages are byte
 * for byte what the components wrote.
 */
import { plainLinesHtml } from '../lib/highlight/code-lines.ts';
import { escapeAttribute, escapeHtml } from '../lib/html-text.ts';
import { demoteHeadings } from '../lib/markdown/demote-headings.ts';
import { isQualifiedName } from '../lib/model/qualified-names.ts';
import { moreCharactersWords, moreValuesWords, shownJson, shownPrettyJson, shownValues } from '../lib/model/shown-values.ts';
import { moreExamplesWords } from '../lib/model/shown-examples.ts';
import type { SchemaRow } from '../lib/model/types.ts';
import { wrapPoints } from '../lib/wrap-points.ts';
import { wrongExamplesNote } from './wrong-examples-note.ts';

/**
 * Each field's title in search results: its anchor without `prefix` (what a guide puts before the
 * data path). `false` where the tree is left out of the index (an operation's inline messages).
 */
export type SearchTitles = { prefix: string } | false;

type Href = (url: string) => string;

export interface SchemaTreeOptions {
  href: Href;
  /** Default: the anchor as it is. */
  searchTitles?: SearchTitles | undefined;
  /** Fields left out past the table's size limit (schema-rows.ts MAX_TABLE_ROWS). */
  omitted?: number | undefined;
  /** The page's own URL (relative to the API): on a schema's own page its name is no link, and its description is the page's lead already. */
  self?: string | undefined;
  /** An excerpt (a guide's): only the schema's own fields open; fields of fields and every shape folded. */
  excerpt?: boolean | undefined;
  /**
   * A message's headers: a reader looks for the headers' names, not the name of the schema that
   * lists them. A plain object schema's line ("FifoAttributes (object)") gives way to the fields,
   * the schema named after them in a quiet note.
   */
  fieldsFirst?: boolean | undefined;
}

/** Levels whose fields are open at first; deeper ones open on a click (or by a link to a field inside). */
const OPEN_DEPTH = 2;

/** Three or more identifier segments joined by dots (qualified-names.ts), wherever they stand in a type. */
const QUALIFIED_IN_TYPE = /((?:[A-Za-z_$][\w$]*\.){2,}[A-Za-z_$][\w$]*)/;

/** Whether the tree has anything to fold (fields with fields, or shapes): "Expand all" and "Collapse all" are offered then. */
export function schemaTreeFolds(rows: readonly SchemaRow[]): boolean {
  return rows.slice(1).some((r) => r.depth > 1 || r.alternative === true);
}

/** The inside of a schema tree's box for `rows` (pre-order, the schema itself first); empty without rows. */
export function schemaTreeHtml(rows: readonly SchemaRow[], options: SchemaTreeOptions): string {
  const root = rows[0];
  if (!root) return '';
  const { href, searchTitles = { prefix: '' }, omitted, self, excerpt = false, fieldsFirst = false } = options;
  const openDepth = excerpt ? 1 : OPEN_DEPTH;
  const below = rows.slice(1);
  const own = root.component !== undefined && root.component.url === self;
  const rootFacts = own ? { ...root, descriptionHtml: undefined } : root;
  if (fieldsFirst && !own && root.component && root.type === 'object' && !root.nullable && !root.extends && below.length > 0) {
    const facts = schemaFacts(rootFacts, href);
    let quiet = facts ? `<div class="schema-root"${attribute('id', root.anchor)}>${facts}</div>` : `<span${attribute('id', root.anchor)}></span>`;
    quiet += schemaRows(below, root, href, searchTitles && { path: [rootLabel(root)], owner: root.component.url, self }, openDepth);
    return `${quiet}<p class="schema-note">As the schema ${schemaName(root.component.id, href(root.component.url))} defines them.</p>`;
  }
  let out = `<div class="schema-root"${attribute('id', root.anchor)}>`;
  // The inheritance said once: one part extended says so in the root line ("object · extends
  // OrderRef"), and its fields below are "Inherited fields"; several parts are named where their
  // fields are grouped ("From OrderRef", "From Audited"), so the root line names only the others.
  const groupedBelow = new Set(below.flatMap((r) => (r.depth === root.depth + 1 && r.from ? [r.from.url] : [])));
  const lineExtends = root.extends && root.extends.length > 1 ? root.extends.filter((e) => !groupedBelow.has(e.url)) : root.extends;
  const inheritedFrom = root.extends?.length === 1 && groupedBelow.has(root.extends[0]!.url) ? root.extends[0]!.url : undefined;
  // A plain object with fields says nothing its fields do not (Redocly shows none): no "object"
  // line between the heading and the fields. An array, a named schema, null, an allOf, any other type keep theirs.
  const plainObject = (own || !root.component) && root.type === 'object' && !root.nullable && !lineExtends?.length && below.length > 0;
  if (!plainObject) {
    out += '<p class="schema-root-line"><span class="prop-type">';
    // On the schema's own page its name is the page's title already: the line says what it is ("object · extends OrderRef").
    if (own) out += escapeHtml(root.type);
    else out += root.component ? schemaName(root.component.id, href(root.component.url)) : escapeHtml(root.type);
    out += '</span>';
    if (!own && root.component && root.type !== root.component.id) out += `<span class="kind"> (${escapeHtml(root.type)})</span>`;
    // "null allowed" as plain and as visible as "required" (schema-tree.css): a reader who sends null must not miss it.
    if (root.nullable) out += ' <span class="req nullable">null allowed</span>';
    if (lineExtends?.length)
      out += `<span class="kind"> · extends ${lineExtends.map((e, i) => (i > 0 ? ', ' : '') + schemaName(e.id, href(e.url))).join('')}</span>`;
    out += '</p>';
  }
  out += `${schemaFacts(rootFacts, href, shapesSay(root, below))}</div>`;
  // The fields of a named schema are indexed on its own page only (searchOwner).
  const search = searchTitles && { path: [rootLabel(root)], owner: root.component?.url, self };
  if (below.length > 0) out += schemaRows(below, root, href, search, openDepth, undefined, inheritedFrom);
  if (omitted !== undefined && omitted > 0) {
    out += `<p class="schema-note" role="note">${omitted} more ${omitted === 1 ? 'field is' : 'fields are'} not listed here: this table stops at its size limit. Each named schema's own page lists its fields.</p>`;
  }
  return out;
}

/**
 * The fields below one row, each with the fields below it. Fields brought by a named allOf part are
 * grouped under that part's short name, said once ("From VehicleBase"), not on every row.
 * Alternatives of the parent (oneOf / anyOf) come after its own fields, as shapes of the parent
 * itself (its name says so), at the fields' level.
 */
/**
 * Where the rows of one level stand for search: their path as a reader says it, the named schema
 * whose fields they are (`owner`, its page's URL; none for fields written in place), and the page
 * the tree is on (`self`). `false` where the tree is left out of the index.
 */
type SearchPlace = { path: readonly string[]; owner: string | undefined; self: string | undefined } | false;

/**
 * Whether a field is a search record of this page: a field written in place here, or one of the
 * page's own schema. A named schema's fields shown inside another (a message's payload `Order`, a
 * shape `CardPayment` of `Payment`) are found on that schema's page alone, once, not once per page
 * that shows them.
 */
export function searchOwner(owner: string | undefined, self: string | undefined): boolean {
  return owner === undefined || owner === self;
}

function schemaRows(
  rows: readonly SchemaRow[],
  parent: SchemaRow,
  href: Href,
  search: SearchPlace,
  openDepth: number,
  /** A shape's parent, whose own fields are listed above the shapes: a shape that extends it says so once instead of listing them again. */
  listedAbove?: { component: { id: string; url: string }; anchor: string },
  /** The one part the root line says the schema extends: its fields are "Inherited fields", not "From" it again. */
  inheritedFrom?: string,
): string {
  // A field's search title is its path as a reader says it ("Order › lines › unitPrice"): Pagefind
  // makes an element with an id and data-pagefind-title a sub-result of its own (anchors of other
  // elements only count when they are headings), so a search for a nested field links to its row,
  // not to the top of the page, under a heading a reader can read (not the anchor's id).
  // A field brought by a named allOf part is that part's; the fields below a field of a named
  // schema (`unitPrice: Money`) are that schema's.
  const ownerOf = (row: SchemaRow): string | undefined => (search ? (row.from?.url ?? search.owner) : undefined);
  const below = (row: SchemaRow): SearchPlace =>
    search && { path: [...search.path, stepLabel(row)], owner: row.component?.url ?? ownerOf(row), self: search.self };
  // A field of this page: a record titled by its path; another schema's: left out of the index (its page has it).
  const searchAttributes = (row: SchemaRow): string => {
    if (!search) return '';
    if (!searchOwner(ownerOf(row), search.self)) return ' data-pagefind-ignore';
    return attribute('data-pagefind-title', [...search.path, stepLabel(row)].join(' › '));
  };
  // Pre-order rows → this level's rows, each with the rows below it.
  const level: { row: SchemaRow; children: SchemaRow[] }[] = [];
  for (const row of rows) {
    const last = level[level.length - 1];
    if (last && row.depth > last.row.depth) last.children.push(row);
    else level.push({ row, children: [] });
  }
  const fields = level.filter((l) => !l.row.alternative);
  const shapes = level.filter((l) => l.row.alternative);
  // Runs of fields that come from the same named part (or from none), in order.
  const runs: { from?: SchemaRow['from']; fields: typeof fields }[] = [];
  for (const field of fields) {
    const last = runs[runs.length - 1];
    if (last && last.from?.url === field.row.from?.url) last.fields.push(field);
    else runs.push({ ...(field.row.from ? { from: field.row.from } : {}), fields: [field] });
  }
  const grouped = runs.some((r) => r.from);
  let out = '';
  for (const run of runs) {
    if (listedAbove && run.from?.url === listedAbove.component.url) {
      // The parent's fields, listed once above its shapes: here, how many and where.
      const count = run.fields.length;
      out += `<p class="props-from">Plus the ${count} ${count === 1 ? 'field' : 'fields'} of <a${attribute('href', `#${listedAbove.anchor}`)}>${schemaName(listedAbove.component.id)}</a> above</p>`;
      continue;
    }
    if (grouped)
      out += `<p class="props-from">${run.from ? (run.from.url === inheritedFrom ? 'Inherited fields' : `From ${schemaName(run.from.id, href(run.from.url))}`) : 'Own fields'}</p>`;
    out += '<ul class="props">';
    for (const { row, children } of run.fields) {
      out += `<li class="prop"${attribute('id', row.anchor)}${searchAttributes(row)}><p class="prop-head">`;
      // Spaces between the parts: read aloud, copied or indexed, they are words, not one run.
      // The name links to the field itself (its anchor, copied with script): one link, named by the field.
      out += `<a class="prop-name"${attribute('href', `#${row.anchor}`)}><code>${escapeHtml(row.name)}</code></a> <span class="prop-type">${schemaType(row, href)}</span>`;
      if (row.required) out += ' <span class="req">required</span>';
      if (row.nullable) out += ' <span class="req nullable">null allowed</span>';
      out += `</p>${schemaFacts(row, href, shapesSay(row, children))}`;
      if (children.length > 0) {
        // The count is no words a search needs: indexed, it ran into the next field ("2 fields of unitPrice amount number").
        out += `<details class="prop-children"${row.depth < openDepth ? ' open' : ''}><summary data-pagefind-ignore>${fieldCount(children, row)}</summary>`;
        out += `${schemaRows(children, row, href, below(row), openDepth)}</details>`;
      }
      out += '</li>';
    }
    out += '</ul>';
  }
  if (shapes.length > 0) {
    // Said of the object itself (not of the field above it): its name, the way its row shows it.
    const subject = parent.name ? `<code>${escapeHtml(parent.name)}</code>` : parent.component ? schemaName(parent.component.id) : 'The value';
    const how = parent.combinator === 'anyOf' ? `one or more of ${shapes.length} shapes` : `exactly one of ${shapes.length} shapes`;
    // A discriminator whose values all pick one of these shapes is said here once: its property in
    // the intro, each value in its shape (not also as a list of values above).
    const chosenBy = shapesSay(
      parent,
      shapes.map((l) => l.row),
    )
      ? parent.discriminator
      : undefined;
    const by = chosenBy ? `, by the value of <code>${escapeHtml(chosenBy.property)}</code>:` : ':';
    out += `<div class="shapes"><p class="shapes-intro">${subject} is ${escapeHtml(how)}${by}</p>`;
    shapes.forEach(({ row, children }, i) => {
      out += `<details class="shape"${attribute('id', row.anchor)}${searchAttributes(row)}${i === 0 && openDepth === OPEN_DEPTH ? ' open' : ''}>`;
      // A summary holds no link (nested-interactive): the shape's schema is linked inside. A shape
      // named by its schema's qualified name (a discriminator value that is a class name) says it once, short.
      out += `<summary><strong>${schemaName(row.name)}</strong>`;
      if (!(row.component && row.component.id === row.name))
        out += ` <span class="kind">${row.component ? schemaName(row.component.id) : escapeHtml(row.type)}</span>`;
      out += '</summary>';
      const value = chosenBy?.subtypes.find((t) => t.schema.url === row.component?.url)?.value;
      if (chosenBy && value !== undefined)
        out += `<p class="schema-note">When <code>${escapeHtml(chosenBy.property)}</code> is <code>${discriminatorValue(value)}</code></p>`;
      if (row.component) out += `<p class="schema-note">This shape is the schema ${schemaName(row.component.id, href(row.component.url))}.</p>`;
      out += schemaFacts(row, href);
      const above = parent.component && fields.length > 0 ? { component: parent.component, anchor: parent.anchor } : undefined;
      if (children.length > 0) out += schemaRows(children, row, href, below(row), openDepth, above);
      out += '</details>';
    });
    out += '</div>';
  }
  return out;
}

/**
 * What the rows one level down hold, as a disclosure's summary: "3 fields of `lines`", "`payment`:
 * one of 2 shapes", "1 field of `payment`, and one of 2 shapes" (Redocly's "One of"), never
 * "2 shapes of" as if the shapes were parts of the field.
 */
function fieldCount(children: readonly SchemaRow[], parent: SchemaRow): string {
  const direct = children.filter((c) => c.depth === children[0]!.depth);
  const shapes = direct.filter((c) => c.alternative).length;
  const fields = direct.length - shapes;
  const name = `<code>${escapeHtml(parent.name)}</code>`;
  const oneOf = `${parent.combinator === 'anyOf' ? 'one or more' : 'one'} of ${shapes} shapes`;
  if (fields === 0) return `${name}: ${oneOf}`;
  return `${fields} ${fields === 1 ? 'field' : 'fields'} of ${name}${shapes > 0 ? `, and ${oneOf}` : ''}`;
}

/**
 * A schema row's type: its named schema linked (with the type when it says more), or the type,
 * the package-qualified names in it by their last segment (`array of ExamplePayloadDto`).
 */
function schemaType(row: SchemaRow, href: Href): string {
  if (row.component) {
    const more = row.type !== row.component.id && row.type !== 'object' ? `<span class="kind"> (${escapeHtml(row.type)})</span>` : '';
    return schemaName(row.component.id, href(row.component.url)) + more;
  }
  return row.type
    .split(QUALIFIED_IN_TYPE)
    .map((part, i) => (i % 2 === 1 ? schemaName(part) : escapeHtml(part)))
    .join('');
}

/** A JSON value as the table shows it (`"EUR"`, `42`, `{"a":1}`). */
const show = (value: unknown): string => JSON.stringify(value) ?? '';
/** An object or array example reads as the JSON a reader would write: indented, a member a line. */
const structured = (value: unknown): boolean => typeof value === 'object' && value !== null && show(value).length > 24;
/** A value as code, a long one cut and followed by how much of it is left out (shown-values.ts VALUE_CHARS). */
function valueCode(value: unknown): string {
  const { json, cut } = shownJson(value);
  return `<code>${wrapped(json)}</code>${cut > 0 ? ` <span class="kind">${moreCharactersWords(cut)}</span>` : ''}`;
}
/** Values side by side, each as code. */
const codeList = (values: readonly unknown[]): string => values.map((v, i) => `${i > 0 ? ' ' : ''}${valueCode(v)}`).join('');
/** An enum's values, at most VALUES_SHOWN of them (as the twin lists them), and how many more. */
function allowedList(values: readonly unknown[]): string {
  const { shown, more } = shownValues(values);
  return more > 0 ? `${codeList(shown)} ${moreValuesWords(more)}` : codeList(shown);
}

/**
 * Whether the shapes under `row` say its discriminator: each of its values selects a schema that
 * is one of the row's own shapes (`rows`, the rows one level down), so each shape can carry its value.
 */
function shapesSay(row: SchemaRow, rows: readonly SchemaRow[]): boolean {
  const subtypes = row.discriminator?.subtypes ?? [];
  if (subtypes.length === 0) return false;
  const depth = rows[0]?.depth;
  const shapes = new Set(rows.filter((r) => r.depth === depth && r.alternative && r.component).map((r) => r.component!.url));
  return subtypes.every((t) => shapes.has(t.schema.url));
}

/** A discriminator's value as code: a Java class name wraps after its dots only, never inside a word. */
function discriminatorValue(value: string): string {
  const shown = show(value);
  return isQualifiedName(value) ? escapeHtml(shown).split('.').join('.<wbr>') : wrapped(shown);
}

/**
 * What a schema row says besides its name and type: chips, values, a back-reference or cut, its
 * description. `inShapes`: its discriminator's values are said in its shapes, not listed here.
 */
function schemaFacts(row: SchemaRow, href: Href, inShapes = false): string {
  let out = '';
  for (const s of row.selectedBy ?? []) {
    out += `<p class="schema-note">A kind of ${schemaName(s.base.id, href(s.base.url))}: selected when <code>${escapeHtml(s.property)}</code> is <code>${wrapped(show(s.value))}</code>.</p>`;
  }
  if (row.discriminator && !inShapes) {
    const { property, subtypes } = row.discriminator;
    out += `<p class="schema-note"><code>${escapeHtml(property)}</code> says which kind it is${subtypes.length > 0 ? ':' : '.'}</p>`;
    // A list, value → schema, each value in full: it is what a sender writes in the field (a
    // Java class name too, wrapping after its dots only, never inside a word).
    if (subtypes.length > 0) {
      out += '<ul class="discriminator-map">';
      for (const s of subtypes) {
        out += `<li><code>${discriminatorValue(s.value)}</code> → ${schemaName(s.schema.id, href(s.schema.url))}</li>`;
      }
      out += '</ul>';
    }
  }
  // Spaces between chips (a flex gap shows them apart; text, search excerpts, copies need the space too).
  const chips = [...(row.format ? [row.format] : []), ...row.flags, ...row.constraints];
  if (chips.length > 0) out += `<p class="chips">${chips.map((c, i) => `${i > 0 ? ' ' : ''}<span class="chip">${escapeHtml(c)}</span>`).join('')}</p>`;
  if (row.backReference) {
    out += `<p class="schema-note">↻ the same schema as <a${attribute('href', `#${row.backReference.anchor}`)}>${escapeHtml(row.backReference.name)}</a> above (it contains itself)</p>`;
  }
  if (row.repeatOf) {
    out += `<p class="schema-note">↑ the same schema as <a${attribute('href', `#${row.repeatOf.anchor}`)}>${escapeHtml(row.repeatOf.name)}</a> above, where its fields are listed</p>`;
  }
  if (row.unresolvedHtml) out += `<p class="schema-note" role="note">This schema is not shown: ${row.unresolvedHtml}.</p>`;
  if (row.cut) {
    out += row.cut.on
      ? `<p class="schema-note">↳ what it contains is shown on the page of ${schemaName(row.cut.on.id, href(row.cut.on.url))}</p>`
      : '<p class="schema-note">↳ what it contains is nested too deep to show here</p>';
  }
  // The values are not indexed: a field's search hit reads its type and description, not `one of "FOO1" "FOO2" "FOO3" Some enum field.`
  if (row.const !== undefined) out += `<p class="values" data-pagefind-ignore>always ${valueCode(row.const)}</p>`;
  if (row.enum) out += `<p class="values" data-pagefind-ignore>one of ${allowedList(row.enum)}</p>`;
  if (row.itemEnum) out += `<p class="values" data-pagefind-ignore>each one of ${allowedList(row.itemEnum)}</p>`;
  if (row.default !== undefined) out += `<p class="values" data-pagefind-ignore>default ${valueCode(row.default)}</p>`;
  const inlineExamples = row.examples?.filter((v) => !structured(v)) ?? [];
  const structuredExamples = row.examples?.filter(structured) ?? [];
  // The examples past the row's few (schema-rows.ts ROW_EXAMPLES) counted, after the last one shown.
  const more = row.moreExamples ? `and ${row.moreExamples} more` : '';
  if (inlineExamples.length > 0)
    out += `<p class="values" data-pagefind-ignore>e.g. ${codeList(inlineExamples)}${more && structuredExamples.length === 0 ? ` ${more}` : ''}</p>`;
  for (const v of structuredExamples) {
    const { json, cut } = shownPrettyJson(v);
    out += `<p class="values" data-pagefind-ignore>e.g.</p><pre class="example-value" tabindex="0" data-pagefind-ignore><code>${plainLinesHtml(json)}</code></pre>`;
    if (cut > 0) out += `<p class="values kind" data-pagefind-ignore>${moreCharactersWords(cut)}</p>`;
  }
  if (more && structuredExamples.length > 0) out += `<p class="values" data-pagefind-ignore>${more}</p>`;
  // Its examples shown by the page's example (shown-examples.ts), those past the few still counted.
  if (row.moreExamples && !row.examples) out += `<p class="values" data-pagefind-ignore>${moreExamplesWords(row.moreExamples)}</p>`;
  // Every example of it wrong: said so, none shown as a value it takes (a note, not the API's words: not indexed).
  const wrong = wrongExamplesNote(row, (json) => `<code>${wrapped(json)}</code>`, escapeHtml);
  if (wrong) out += `<p class="schema-note" role="note" data-pagefind-ignore>${wrong}</p>`;
  // Its Markdown headings as bold lines: a field's description is no section of the page.
  if (row.descriptionHtml) out += `<div class="prop-description">${demoteHeadings(row.descriptionHtml)}</div>`;
  return out;
}

/** A name as a search title says it: a package-qualified name by its last segment. */
const shortName = (id: string): string => (isQualifiedName(id) ? id.slice(id.lastIndexOf('.') + 1) : id);

/** The first step of a field's search title: the schema's short name, else the part it is of (`payload`, `headers`). */
function rootLabel(root: SchemaRow): string {
  if (root.component) return shortName(root.component.id);
  return root.name || root.anchor.split(/[.(]/)[0] || 'value';
}

/** A row's step in a search title: its field's name, a shape by its schema's short name. */
function stepLabel(row: SchemaRow): string {
  if (row.alternative) return shortName(row.component?.id ?? row.name);
  return shortName(row.name);
}

/**
 * A named schema where a schema tree refers to it: a package-qualified name
 * (`io.github.springwolf.examples.kafka.dtos.ExamplePayloadDto`) by its last segment, the whole
 * name in its title and on its own page; long names wrap between their words (`<wbr>`), never
 * inside one. With `href`, the name links to its page.
 */
function schemaName(id: string, href?: string): string {
  const short = isQualifiedName(id) ? id.slice(id.lastIndexOf('.') + 1) : id;
  const title = short === id ? undefined : id;
  if (href) return `<a${attribute('href', href)}${attribute('title', title)}>${wrapped(short)}</a>`;
  return title ? `<span${attribute('title', title)}>${wrapped(short)}</span>` : wrapped(short);
}

/** Text whose long ids may wrap only at the places wrap-points.ts finds (a `<wbr>` at each), as WrapPoints.astro writes it. */
function wrapped(text: string): string {
  return wrapPoints(text)
    .map((piece, i) => (i > 0 ? '<wbr>' : '') + escapeHtml(piece))
    .join('');
}

/** ` name="value"`, or nothing without a value (as Astro leaves out an undefined attribute). */
function attribute(name: string, value: string | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeAttribute(value)}"`;
}
