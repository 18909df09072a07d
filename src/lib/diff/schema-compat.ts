/**
 * A message's payload or headers compared by the rules of its schema format: JSON Schema (the
 * format's own, draft 07, OpenAPI 3.0) by the values it accepts, Avro by Avro's schema
 * resolution, Protobuf by field numbers and wire types. A format this tool cannot compare
 * (RAML, custom formats) is reported as changed, to be reviewed by hand. Returns findings; the
 * direction rule is applied by the caller.
 */
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { formatIdentity, schemaFormatKind, type SchemaFormatKind } from '../schema/schema-formats.ts';
import { compareAvro, parseAvro } from './avro-compat.ts';
import type { ContentFinding } from './classify.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import { child, resolveNode, sameThroughRefs, type Node } from './diff-context.ts';
import { compareProto, parseProto } from './protobuf-compat.ts';
import { compareSchemaNodes, newSchemaWalk } from './schema/walk.ts';
import type { SchemaWalk } from './schema/pair.ts';
import { schemaViewsOf } from '../schema/schema-views.ts';

interface FormattedSchema {
  kind: SchemaFormatKind;
  /** The schemaFormat as written ('' for the default). */
  format: string;
  schema: Node;
}

/** The schema a payload or headers field holds, with its format (SPEC, Multi Format Schema Object). */
function formatted(doc: ResolvedDoc, node: Node): FormattedSchema | undefined {
  const v = node.value;
  if (isPlainObject(v) && (Object.hasOwn(v, 'schema') || Object.hasOwn(v, 'schemaFormat'))) {
    const schema = resolveNode(doc, { value: v.schema, at: child(node.at, 'schema') });
    if (!schema) return undefined;
    const format = typeof v.schemaFormat === 'string' ? v.schemaFormat : '';
    return { kind: schemaFormatKind(v.schemaFormat), format, schema };
  }
  return { kind: 'apidesc', format: '', schema: node };
}

const JSON_FAMILY = new Set<SchemaFormatKind>(['apidesc', 'openapi']);

export function compareSchemaField(
  base: ResolvedDoc,
  head: ResolvedDoc,
  b: Node | undefined,
  h: Node | undefined,
  path: string,
  findings: ContentFinding[],
): void {
  if (!b && !h) return;
  if (!b) {
    findings.push({
      rule: 'schema-added',
      effect: 'narrow',
      side: 'head',
      at: h!.at,
      what: `${path}: now described by a schema (before, anything was allowed)`,
      example: `a ${path} the new schema rejects`,
    });
    return;
  }
  if (!h) {
    findings.push({
      rule: 'schema-removed',
      effect: 'widen',
      side: 'base',
      at: b.at,
      what: `${path}: its schema was removed (anything is allowed now)`,
      example: `a ${path} of any shape`,
    });
    return;
  }
  const bf = formatted(base, b);
  const hf = formatted(head, h);
  if (!bf || !hf) return;
  if (bf.kind !== hf.kind && !(JSON_FAMILY.has(bf.kind) && JSON_FAMILY.has(hf.kind))) {
    findings.push({
      rule: 'schema-format-changed',
      effect: 'both',
      side: 'head',
      at: hf.schema.at,
      what: `${path}: schema format ${bf.format || 'default'} → ${hf.format || 'default'}`,
      example: `a ${path} encoded the old way`,
    });
    return;
  }
  switch (hf.kind) {
    case 'avro':
    case 'protobuf': {
      // Each side parsed by its format's rules; a side that does not parse (the string says why) is reviewed by hand.
      const compared = hf.kind === 'avro' ? parsedPair(parseAvro, bf, hf, compareAvro) : parsedPair(parseProto, bf, hf, compareProto);
      if (typeof compared === 'string') notCompared(base, head, bf, hf, path, findings, compared);
      else {
        compared(path, findings);
        // What the pages show besides (docs, comments, defaults), read from the same views.
        compareViews(base, head, b, h, path, findings, 'wording');
      }
      return;
    }
    case 'apidesc':
    case 'openapi':
      compareViews(base, head, b, h, path, findings, 'all');
      return;
    default:
      if (formatIdentity(bf.format) !== formatIdentity(hf.format)) {
        findings.push({
          rule: 'schema-format-changed',
          effect: 'both',
          side: 'head',
          at: hf.schema.at,
          what: `${path}: schema format ${bf.format} → ${hf.format}`,
        });
      } else notCompared(base, head, bf, hf, path, findings, `${hf.format} schemas are not compared by their rules`);
  }
}

/** Compares the two schemas as each version's pages show them (their normalised views). */
function compareViews(base: ResolvedDoc, head: ResolvedDoc, b: Node, h: Node, path: string, findings: ContentFinding[], scope: SchemaWalk['scope']): void {
  const baseViews = schemaViewsOf(base);
  const headViews = schemaViewsOf(head);
  const bRoot = baseViews.view(b.value, b.at).root;
  const hRoot = headViews.view(h.value, h.at).root;
  if (!bRoot || !hRoot) return;
  compareSchemaNodes(newSchemaWalk(baseViews, headViews, findings, scope), bRoot.id, hRoot.id, path);
}

function notCompared(
  base: ResolvedDoc,
  head: ResolvedDoc,
  bf: FormattedSchema,
  hf: FormattedSchema,
  path: string,
  findings: ContentFinding[],
  why: string,
): void {
  if (sameThroughRefs(base, bf.schema, head, hf.schema)) return;
  findings.push({
    rule: 'schema-not-compared',
    effect: 'none',
    judge: 'unjudged',
    side: 'head',
    at: hf.schema.at,
    what: `${path}: changed, and not compared (${why}); review it by hand`,
  });
}

/** Both sides parsed by `parse`, then the comparison to run on them; or why a side does not parse. */
function parsedPair<T>(
  parse: (value: unknown, at: Location) => T | string,
  bf: FormattedSchema,
  hf: FormattedSchema,
  compare: (o: T, n: T, path: string, findings: ContentFinding[]) => void,
): string | ((path: string, findings: ContentFinding[]) => void) {
  const o = parse(bf.schema.value, bf.schema.at);
  const n = parse(hf.schema.value, hf.schema.at);
  if (typeof o === 'string') return o;
  if (typeof n === 'string') return n;
  return (path, findings) => compare(o, n, path, findings);
}
