/**
 * The examples a message's schemas give when the message gives none of its own: its payload
 * schema's `examples` (springwolf writes one on every class), with its headers schema's beside
 * them. They are the document's words, so a page shows them before any generated example, even
 * when the validator finds them wrong (the warning under them says why), and never says that the
 * document gives no example.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isJsonSchemaFormat } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Context, sub } from './page-context.ts';

export interface SchemaGivenExample {
  value: { headers?: unknown; payload?: unknown };
  /** Where the payload's example is written: the validator's findings about it meet it there. */
  at: Location;
  /** The payload's schema, where `validate` checks its examples (an entry of `examples`, in the format's own JSON Schema): the panel orders by that check. */
  checkedBy?: { schema: unknown; at: Location };
}

/** Examples of a message part: the schema's `examples` (or its one `example`), followed through references and a multi-format schema's `schema`. */
function partExamples(
  ctx: Context,
  schema: unknown,
  at: Location,
): { values: unknown[]; at: Location; checkedBy?: { schema: unknown; at: Location } } | undefined {
  let resolved = ctx.doc.deref(schema, at);
  let ownDialect = true;
  // A multi-format Schema Object: the schema is its `schema`.
  if (resolved && isPlainObject(resolved.value) && resolved.value.schemaFormat !== undefined && resolved.value.schema !== undefined) {
    ownDialect = isJsonSchemaFormat(resolved.value.schemaFormat);
    resolved = ctx.doc.deref(resolved.value.schema, sub(resolved.at, 'schema'));
  }
  if (!resolved || !isPlainObject(resolved.value)) return undefined;
  const { examples, example } = resolved.value;
  if (Array.isArray(examples) && examples.length > 0)
    return { values: examples, at: sub(resolved.at, 'examples'), ...(ownDialect ? { checkedBy: { schema: resolved.value, at: resolved.at } } : {}) };
  if (example !== undefined) return { values: [example], at: sub(resolved.at, 'example') };
  return undefined;
}

/** The examples the payload's schema gives, each with the headers' schema's example of the same place (else its first). */
export function schemaGivenExamples(ctx: Context, message: Record<string, unknown>, origin: Record<string, Location>, at: Location): SchemaGivenExample[] {
  const payload = message.payload !== undefined ? partExamples(ctx, message.payload, sub(origin.payload ?? at, 'payload')) : undefined;
  if (!payload) return [];
  const headers = message.headers !== undefined ? partExamples(ctx, message.headers, sub(origin.headers ?? at, 'headers')) : undefined;
  const single = payload.at.pointer.endsWith('/example');
  return payload.values.map((value, i) => {
    const header = headers ? (headers.values[i] ?? headers.values[0]) : undefined;
    return {
      value: { ...(header !== undefined ? { headers: header } : {}), payload: value },
      at: single ? payload.at : sub(payload.at, i),
      ...(payload.checkedBy ? { checkedBy: payload.checkedBy } : {}),
    };
  });
}
