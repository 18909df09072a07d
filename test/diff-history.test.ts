/**
 * `diff` on the published history of real documents: consecutive published versions of AsyncAPI
 * 3 documents that npm packages ship, downloaded from the npm registry at test time (the network
 * this needs; test/published-history.ts fetches, checks the pinned sha512, caches and renames them
 * as the shared corpus's convert.mjs does; nothing of them is committed here). Each pair's
 * expected report was worked out by reading the two versions, change by change; the comment on
 * each expected change says why its severity is right.
 *
 * Packages, versions and files (every one Apache-2.0, the `license` of each package version):
 *
 * - @asyncapi/markdown-template 1.5.0 → 1.6.0, `test/spec/asyncapi_v3.yml`: the streetlights API
 *   the template renders in its tests gains request/reply: four channels (two with a `null`
 *   address), a received request with a reply and a sent request with a reply, two messages with
 *   payloads and a correlation id.
 * - @asyncapi/generator-helpers 1.0.1 → 1.1.0, `test/__fixtures__/asyncapi-websocket-query.yml`:
 *   the Gemini market-data API gains three messages with object payloads on an existing channel
 *   (used by operations that list their messages) and the operation that receives them.
 * - @asyncapi/cli 1.7.3 → 1.9.2, `assets/create-glee-app/templates/default/asyncapi.yaml` (the
 *   project `asyncapi new glee` creates): its channel moves from `hello` to `/hello`, and the
 *   answer to a received hello stops being a reply and becomes an operation that sends on the
 *   channel (the template's handler changed from `reply` to `send` in the same release). Every
 *   other document the two versions ship (21 examples, the glee tutorial) is unchanged.
 * - @asyncapi/cli 5.0.5 → 6.0.0, `assets/examples/*` and
 *   `assets/create-template/templates/default/asyncapi.yaml`: each of these 23 documents but one
 *   (the tutorial) moves from specification 3.0.0 to 3.1.0 and changes nothing else. (The
 *   template's is AsyncAPI 2's shape under a 3.x version: both versions have errors, and `diff`
 *   compares neither, as it compares no document that validate rejects.) They are read
 *   as 3.1.0 (SPEC "Versioning": a minor version must not break tooling of a lower minor, and
 *   this tool reads 3.1 with a warning), not rewritten to 3.0.0, which would hide the one change.
 *   The payloads of sent and received messages in the 21 that can be read offline have no
 *   `schemaFormat`, so their default format's version changes with the document's: a diff that
 *   took that for a payload change would report them all.
 *
 * Why these: they are the consecutive versions, among the registry's packages that ship AsyncAPI
 * 3.0 documents (the AsyncAPI CLI's examples and project templates, the test documents of the
 * generator's templates and helpers), in which a shipped document changed. None of these
 * histories changes the payload schema of a message that already existed: what they change is
 * which messages a channel carries and who sends them, request/reply, an address and the
 * specification version (the payload rules are covered by test/diff-cases.ts). The AsyncAPI
 * CLI's Adeo example, whose headers changed wording between 1.5.2 and 1.6.0, takes its payloads
 * from the AsyncAPI website (remote `$ref`s): it is read only to check that it is refused by name.
 * About 3.4 MB are downloaded once.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import type { DiffOutcome } from '../src/lib/diff/compare-inputs.ts';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { tempDir } from './helpers.ts';
import {
  ALL_PUBLISHED,
  CLI_1_7_3,
  CLI_1_9_2,
  CLI_5_0_5,
  CLI_6_0_0,
  comparePublished as compare,
  documentsIn,
  GLEE_TEMPLATE,
  HELPERS_1_0_1,
  HELPERS_1_1_0,
  label,
  MARKDOWN_1_5_0,
  MARKDOWN_1_6_0,
  type Published,
  publishedText,
  tarballOf,
  toApidesc,
} from './published-history.ts';

/** A change as the expectations below write it: severity, rule, object, pointer, where (side:line) and, for message content, the direction. */
const shown = (o: DiffOutcome): string[] =>
  o.report.changes.map((c) => `${c.severity} ${c.rule} ${c.object} ${c.pointer} ${c.side}:${c.line}${c.direction ? ` [${c.direction}]` : ''}`);

function readable(o: DiffOutcome): void {
  const said = o.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).join('\n');
  assert.equal(o.unreadable, false, said);
  // Checked as validate checks them, and compared: no side with errors.
  assert.equal(o.invalid, undefined, said);
}

/** The Adeo example's two Avro payloads are on the AsyncAPI website: without --allow-remote-refs both are refused by URL. */
function refusedAdeo(o: DiffOutcome): void {
  assert.equal(o.unreadable, true);
  assert.deepEqual(
    o.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
    ['ref-remote', 'ref-remote', 'ref-remote', 'ref-remote'],
    'base and head each name their two remote payloads',
  );
  assert.ok(o.diagnostics.every((d) => d.severity !== 'error' || /https:\/\/www\.asyncapi\.com\/resources\/casestudies\/adeo\//.test(d.message)));
}

describe('diff on the published history of real documents (npm registry)', () => {
  it('gets each published version from the npm registry (or the cache of an earlier run), with its pinned sha512', () => {
    for (const p of ALL_PUBLISHED) assert.ok(existsSync(tarballOf(p)), `${p.name}@${p.version}`);
  });

  it('renames each document exactly as the shared corpus convert.mjs does', async (t) => {
    const script = join(CORPUS, 'convert.mjs');
    if (!HAS_CORPUS || !existsSync(script)) {
      t.skip('the shared corpus is missing (test/corpus.test.ts fails for it)');
      return;
    }
    // convert.mjs loads `yaml` from YAML_FROM: this repository's.
    process.env.YAML_FROM ??= resolve(import.meta.dirname, '..');
    const { convertText } = (await import(pathToFileURL(script).href)) as {
      convertText(text: string, options: { json: boolean }): { text: string; method: string };
    };
    const used: [Published, string][] = [
      [MARKDOWN_1_5_0, 'test/spec/asyncapi_v3.yml'],
      [MARKDOWN_1_6_0, 'test/spec/asyncapi_v3.yml'],
      [HELPERS_1_0_1, 'test/__fixtures__/asyncapi-websocket-query.yml'],
      [HELPERS_1_1_0, 'test/__fixtures__/asyncapi-websocket-query.yml'],
      [CLI_1_7_3, GLEE_TEMPLATE],
      [CLI_1_9_2, GLEE_TEMPLATE],
      ...documentsIn(CLI_5_0_5, 'assets/examples').map((path): [Published, string] => [CLI_5_0_5, path]),
      ...documentsIn(CLI_6_0_0, 'assets/examples').map((path): [Published, string] => [CLI_6_0_0, path]),
    ];
    for (const [p, path] of used) {
      const text = publishedText(p, path);
      const json = path.endsWith('.json');
      const theirs = convertText(text, { json });
      assert.equal(theirs.method, 'text', label(p, path));
      assert.equal(toApidesc(text, json), theirs.text, label(p, path));
    }
  });

  it('@asyncapi/markdown-template 1.5.0 → 1.6.0: request/reply added, nothing breaks', async () => {
    const o = await compare(MARKDOWN_1_5_0, MARKDOWN_1_6_0, 'test/spec/asyncapi_v3.yml');
    readable(o);
    assert.deepEqual(shown(o), [
      // New channels: nobody used them before, so no sender or receiver can be broken by them.
      // (Lines are those of each object's first field.) The two messages they carry are new with
      // them (reported with the channel, not once more as messages).
      'non-breaking channel-added channel someRequest /channels/someRequest head:65',
      // A reply channel with `address: null` (the address comes from the request's replyTo): added, as any channel.
      'non-breaking channel-added channel someRequestReply /channels/someRequestReply head:72',
      // A second channel on the same address `someRequest`, for the request the application sends: added.
      'non-breaking channel-added channel someSendRequest /channels/someSendRequest head:77',
      'non-breaking channel-added channel someSendRequestReply /channels/someSendRequestReply head:83',
      // The application now also receives requests on someRequest and replies: an operation
      // added; clients that do not send such requests are not affected.
      'non-breaking operation-added operation createSomeRequest /operations/createSomeRequest head:155',
      // ... and sends requests on someSendRequest, awaiting replies: added; only new subscribers read them.
      'non-breaking operation-added operation createSomeSendRequest /operations/createSomeSendRequest head:166',
      // Not reported, rightly: the two component messages and the correlation id are only
      // reached through the new channels; `clientId: ` lost a trailing space (same document).
    ]);
    assert.equal(o.report.breaking, 0);
  });

  it('@asyncapi/generator-helpers 1.0.1 → 1.1.0: messages with payloads added to a channel, received only', async () => {
    const o = await compare(HELPERS_1_0_1, HELPERS_1_1_0, 'test/__fixtures__/asyncapi-websocket-query.yml');
    readable(o);
    assert.deepEqual(shown(o), [
      // Three messages added to marketDataV1. Every operation on that channel lists its messages
      // (`noMessage` lists none: `messages: []`), so no existing operation starts sending or
      // receiving them; the new receiveMarketUpdate operation receives them. A message the
      // application receives and did not receive before narrows nothing for senders: non-breaking.
      // (A sent message added to an operation that uses the whole channel would break its readers.)
      'non-breaking message-added message marketDataV1/MarketUpdateMessage /channels/marketDataV1/messages/MarketUpdateMessage head:78 [receive]',
      'non-breaking message-added message marketDataV1/MessageWithDiscriminatorNoConst /channels/marketDataV1/messages/MessageWithDiscriminatorNoConst head:98 [receive]',
      'non-breaking message-added message marketDataV1/MessageWithoutDiscriminator /channels/marketDataV1/messages/MessageWithoutDiscriminator head:89 [receive]',
      // The operation that receives them: new, so nobody depended on it.
      'non-breaking operation-added operation receiveMarketUpdate /operations/receiveMarketUpdate head:198',
    ]);
  });

  it('@asyncapi/cli 1.7.3 → 1.9.2, the glee project template: the channel moved and its reply became a send', async () => {
    const o = await compare(CLI_1_7_3, CLI_1_9_2, GLEE_TEMPLATE);
    readable(o);
    assert.deepEqual(shown(o), [
      // `hello` → `/hello`: the address is what clients connect to (the 1.9.2 template's README
      // says ws://0.0.0.0:3000/hello); a client built from the old document uses the old string.
      // That a server may treat both as one path is not in the document: breaking, for review.
      'breaking channel-address-changed channel hello /channels/hello/address head:11',
      // onHello answered each hello with a reply (on the same channel); now it does not: a
      // client that awaits the reply to its request no longer gets one. Breaking.
      'breaking operation-reply-removed operation onHello /operations/onHello/reply base:21',
      // The answer is now a message the application sends on the channel: a new operation.
      // The `hello` message was sent (as the reply) and received before and still is: no
      // direction changed, and its payload (a string) is the same, so nothing is said of it.
      'non-breaking operation-added operation sendHello /operations/sendHello head:21',
    ]);
    assert.equal(o.report.breaking, 2);
  });

  it('@asyncapi/cli 1.7.3 → 1.9.2: every other document they ship is unchanged, and gives no change', async () => {
    const examples = documentsIn(CLI_1_7_3, 'assets/examples');
    assert.equal(examples.length, 21);
    for (const path of [...examples, 'assets/create-glee-app/templates/tutorial/asyncapi.yaml']) {
      const o = await compare(CLI_1_7_3, CLI_1_9_2, path);
      if (path.endsWith('adeo-kafka-request-reply-asyncapi.yml')) {
        refusedAdeo(o);
        continue;
      }
      readable(o);
      assert.deepEqual(shown(o), [], path);
    }
  });

  it('@asyncapi/cli 5.0.5 → 6.0.0: the specification version 3.0.0 → 3.1.0 is the one change of each document', async () => {
    const examples = documentsIn(CLI_5_0_5, 'assets/examples');
    assert.deepEqual(documentsIn(CLI_6_0_0, 'assets/examples'), examples);
    assert.equal(examples.length, 22);
    for (const path of [...examples, 'assets/create-template/templates/default/asyncapi.yaml']) {
      const o = await compare(CLI_5_0_5, CLI_6_0_0, path);
      if (path.endsWith('adeo-kafka-request-reply-asyncapi.yml')) {
        refusedAdeo(o);
        continue;
      }
      if (path.startsWith('assets/create-template/')) {
        // The template's document is AsyncAPI 2's shape under a 3.x version (a server's `url`, a
        // channel's `publish`): both versions have errors as validate finds them, so nothing is
        // compared (compared, its 2.x fields would read as whatever they happen to match).
        assert.equal(o.unreadable, false);
        assert.deepEqual(o.invalid, ['base', 'head']);
        assert.deepEqual([...new Set(o.diagnostics.map((d) => `${d.code} ${d.line}`))], ['spec-required 8', 'spec-unknown-field 9', 'spec-unknown-field 15']);
        continue;
      }
      readable(o);
      if (path.endsWith('/tutorial.yml')) {
        // The one example 6.0.0 left at 3.0.0: no change.
        assert.deepEqual(shown(o), [], path);
        continue;
      }
      // A new minor version of the format: tooling of the lower minor still reads it (SPEC,
      // Versioning), so nothing breaks, but it is more than wording (the document may now use
      // what 3.1 adds): non-breaking, for review. The payloads without a schemaFormat, whose
      // default format names the specification version, are the same schemas: no change there.
      const line = path.endsWith('.json') ? 2 : 1;
      assert.deepEqual(shown(o), [`non-breaking format-version-changed document /apidesc head:${line}`], path);
    }
  });

  it('fails loudly, saying so, when the npm registry cannot be reached and nothing is cached', () => {
    const cache = tempDir('apidesc-history-cache-');
    // Port 9 on the loopback: nothing listens there, the connection is refused at once.
    const env = { npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: join(cache, 'npm') };
    assert.throws(
      () => tarballOf(HELPERS_1_0_1, { cache, env, retries: 0 }),
      /The npm registry could not be reached: `npm pack @asyncapi\/generator-helpers@1\.0\.1` failed/,
    );
    // A second package does not wait for the registry again.
    const started = Date.now();
    assert.throws(() => tarballOf(HELPERS_1_1_0, { cache, env, retries: 0 }), /could not be reached/);
    assert.ok(Date.now() - started < 1000);
  });
});
