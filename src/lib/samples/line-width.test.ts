/**
 * Every line of the generated samples fits the reference panel (WIDTH columns, line-layout.ts)
 * for every document of the shared corpus and of the project's content/, in every protocol and
 * every language (JavaScript and Python laid out by their generators, Go and Java statement by
 * statement: layoutStatement). A line may run past only when it is one unbreakable piece: see
 * `unbreakable`.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from '../../../test/corpus-location.ts';
import { buildApiModel } from '../model/build-model.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { ALL_SAMPLE_LANGUAGES, type SampleLanguage } from './generators.ts';
import { columns, WIDTH } from './line-layout.ts';

/** Every language: each breaks its lines at the panel's edge. */
const LAID_OUT: readonly SampleLanguage[] = ALL_SAMPLE_LANGUAGES;

/** What may stay beside an unbreakable piece on its line, indentation aside: a key or a name, `=`, `:`, an opening or closing bracket, a comma. */
const MINIMAL_SYNTAX = 24;

/** String literals of the samples' languages ('…', "…", `…`, escapes inside), and tokens: runs of characters that are neither blank, quotes, brackets nor separators (a dotted name). */
const PIECE = /'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`|[^\s'"`()[\]{},;]+/g;

/**
 * A line longer than WIDTH is accepted when it is one unbreakable piece plus its minimal syntax:
 * taking out its longest string literal or token (a long topic address, a URL, a package name)
 * leaves at most MINIMAL_SYNTAX columns once its indentation is set aside. A call with several
 * arguments, an object or a dict with several entries, or a chain leaves more, and must break.
 */
export function unbreakable(line: string): boolean {
  const body = line.trimStart();
  const pieces = body.match(PIECE) ?? [];
  const longest = pieces.reduce((a, b) => (columns(b) > columns(a) ? b : a), '');
  return columns(body) - columns(longest) <= MINIMAL_SYNTAX;
}

/** The lines past WIDTH that are not one unbreakable piece, in the samples of a document's operation pages. */
async function overlong(file: string): Promise<string[]> {
  const { doc } = await validateDocument(file);
  if (!doc) return [];
  const pages = buildApiModel(doc, 'api', join(file, '..'), { sampleLanguages: LAID_OUT }).pages;
  const found: string[] = [];
  for (const page of pages)
    for (const section of page.sections)
      if (section.type === 'code-samples')
        for (const group of section.groups)
          for (const sample of group.samples) {
            if (!LAID_OUT.includes(sample.lang as SampleLanguage)) continue;
            for (const line of sample.code.split('\n'))
              if (columns(line) > WIDTH && !unbreakable(line)) found.push(`${page.url} ${sample.lang} (${columns(line)}): ${line}`);
          }
  return found;
}

describe('generated samples fit the reference panel', () => {
  it('accepts a long string or name with its minimal syntax, and nothing else past the edge', () => {
    assert.ok(unbreakable("    'smartylighting/streetlights/1/0/event/<streetlightId>/lighting/measured',"));
    assert.ok(unbreakable("    'bootstrap.servers': 'test.mykafkacluster.org:18092',"));
    assert.ok(unbreakable('import org.apache.kafka.common.serialization.StringDeserializer;'));
    assert.ok(unbreakable('\tpath := "/rooms/53307860c3599d1de448e19d/chatMessages"'));
    assert.ok(!unbreakable('\tsocket, _, err := websocket.DefaultDialer.Dial("wss://example.com/ws", nil)'));
    assert.ok(!unbreakable('    HttpResponse<String> response = HttpClient.newHttpClient().send(request, handler);'));
    assert.ok(!unbreakable("await client.publishAsync('lights/7', JSON.stringify(payload), { qos: 1 });"));
    assert.ok(!unbreakable("    'sasl.password': os.environ['KAFKA_PASSWORD'],"));
    assert.ok(!unbreakable("client.on('message', (topic, payload) => console.log(payload.toString()));"));
  });

  it('every sample line of the corpus and of content/ ends within the panel, but for an unbreakable piece', async () => {
    assert.ok(HAS_CORPUS, `the corpus is not at ${CORPUS}: set APIDESC_CORPUS`);
    const valid = join(CORPUS, 'valid');
    const content = resolve(import.meta.dirname, '../../../content');
    const files = [
      ...readdirSync(valid).map((f) => join(valid, f)),
      ...readdirSync(content)
        .filter((f) => /\.(ya?ml|json)$/.test(f))
        .map((f) => join(content, f)),
    ];
    assert.ok(files.length > 30, `only ${files.length} documents`);
    const found = (await Promise.all(files.map(overlong))).flat();
    assert.deepEqual(found, []);
  });
});
