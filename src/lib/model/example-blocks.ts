/**
 * An example as a reader reads it: its headers and its payload apart, each in its own language,
 * the payload in the message's media type (Stripe and Redocly show a payload as it travels): a
 * JSON payload as JSON, a YAML payload as YAML, an XML payload as the XML it is, text as text.
 * A payload whose media type is not text (Avro or Protocol Buffers binary, octet streams) is
 * shown as the JSON value it encodes, and says so.
 */
import type { ExampleBlock } from './page-types.ts';
import { lazyModule } from '../../perf/lazy-module.ts';

/** The yaml package (about 70 modules), loaded for the first YAML payload: most documents have none. */
const yaml = lazyModule<typeof import('yaml')>('yaml');

type Language = ExampleBlock['lang'];

/** How a payload of this media type is written (by its type and suffix: `application/cloudevents+json` is JSON). */
export function payloadLanguage(contentType: string | undefined): { lang: Language; binary: boolean } {
  const type = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (/(^|\/|\+)json$/.test(type) || type === 'application/json') return { lang: 'json', binary: false };
  if (/(^|\/|\+|x-)yaml$/.test(type)) return { lang: 'yaml', binary: false };
  if (/(^|\/|\+)xml$/.test(type)) return { lang: 'xml', binary: false };
  if (type.startsWith('text/')) return { lang: 'text', binary: false };
  return { lang: 'json', binary: true };
}

/** The blocks of one example: headers (JSON: a map of values), then the payload. */
export function exampleBlocks(example: { headers?: unknown; payload?: unknown }, contentType: string | undefined): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  // Headers that are an empty object say nothing beside a payload: left out.
  const emptyHeaders =
    typeof example.headers === 'object' && example.headers !== null && Object.keys(example.headers).length === 0 && example.payload !== undefined;
  if (example.headers !== undefined && !emptyHeaders) blocks.push({ part: 'headers', lang: 'json', code: JSON.stringify(example.headers, null, 2) });
  if (example.payload !== undefined) {
    const { lang, binary } = payloadLanguage(contentType);
    const payload = example.payload;
    if (typeof payload === 'string' && (lang === 'xml' || lang === 'text' || lang === 'yaml')) blocks.push({ part: 'payload', lang, code: payload });
    else if (lang === 'yaml') blocks.push({ part: 'payload', lang, code: yaml().stringify(payload, { lineWidth: 0 }).trimEnd() });
    else
      blocks.push({
        part: 'payload',
        lang: 'json',
        code: JSON.stringify(payload, null, 2),
        ...(binary || lang !== 'json' ? { encoded: contentType ?? '' } : {}),
      });
  }
  return blocks;
}
