/**
 * Pages speak to the API's readers, never about this tool: no page of the default content, of the
 * sns documents of the corpus, or of a document with what once brought such words (a delivery
 * policy's backoff, a security scheme written inside an operation) mentions the specification
 * this tool implements ("SPEC"), names the tool, or says how the document is written ("written
 * in place"), in its HTML or its Markdown twin.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { CORPUS, HAS_CORPUS } from './corpus-location.ts';
import { runIn, tempDir, tempTree } from './helpers.ts';

const repo = resolve(import.meta.dirname, '..');

/** Words of this tool, not of the API. */
const TOOL_WORDS = [
  /\bSPEC\b/,
  /written in place/i,
  /apidesc-docs/i,
  /\bthis tool\b/i,
  // The format's names for its parts, not AWS's: a reader knows an Amazon SNS topic and SQS queues.
  // (The folded Source of a page tells authors where a binding's values come from: "sns binding from", "sns binding version".)
  /\b(sns|sqs) binding\b(?! (from|version))/i,
  /\bsns topic name\b/i,
  // The document's file name offered as what to download ("orders.apidesc.yaml (YAML)").
  /\.apidesc\.(yaml|yml|json) \(/i,
  // The tool's own labels: a protocol filter's "none given", a section of "Shared definitions" or "Reusable parts", a question for a heading.
  /\bnone given\b/i,
  /\bShared definitions\b/,
  /\bReusable parts\b/,
  /\bWhy the topic's name differs\b/i,
  // Where the author wrote an object, by line: an author's preview says it (--allow-invalid, --compare), a published page does not.
  /\b[\w.-]+\.(ya?ml|json):\d+\b/,
];

const DOCUMENT = `apidesc: 3.0.0
info: {title: Words, version: 1.0.0}
servers:
  topics: {host: sns.eu-west-1.amazonaws.com, protocol: sns}
channels:
  orders:
    address: orders
    messages:
      placed: {payload: {type: object}}
    bindings:
      sns:
        name: orders
operations:
  publishOrders:
    action: send
    channel: {$ref: '#/channels/orders'}
    security:
      - {type: httpApiKey, name: X-Api-Key, in: header}
    bindings:
      sns:
        deliveryPolicy: {minDelayTarget: 1, maxDelayTarget: 60, numRetries: 10, numNoDelayRetries: 1, numMinDelayRetries: 2, numMaxDelayRetries: 2, backoffFunction: geometric}
        consumers:
          - protocol: https
            endpoint: {url: 'https://hooks.example.com/orders'}
            rawMessageDelivery: false
`;

/** Visible text of a page: scripts and styles left out, tags removed. */
const text = (html: string): string =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');

describe("pages use the API's words, not this tool's", () => {
  const sites: string[] = [];
  before(async () => {
    const fixture = tempTree({ 'words.yaml': DOCUMENT });
    const builds: [string, string[]][] = [
      [repo, ['build', 'content']],
      [fixture, ['build', 'words.yaml']],
      ...(HAS_CORPUS
        ? [
            [
              join(CORPUS, 'valid'),
              [
                'build',
                ...readdirSync(join(CORPUS, 'valid')).filter((f) => f.startsWith('bindings-sns-')),
                'spec-streetlights-kafka.yaml',
                'spec-kraken-websocket-request-reply-multiple-channels.yaml',
              ],
            ] as [string, string[]],
          ]
        : []),
    ];
    for (const [cwd, args] of builds) {
      const out = join(tempDir('apidesc-words-'), 'site');
      const r = await runIn(cwd, [...args, '--out', out]);
      assert.equal(r.code, 0, r.err);
      sites.push(out);
    }
  });

  it('no page or Markdown twin mentions the specification, the tool, or how the document is written', () => {
    let pages = 0;
    const found: string[] = [];
    for (const site of sites)
      for (const entry of readdirSync(site, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(html|md)$/.test(entry.name) || entry.parentPath.includes('_astro')) continue;
        const file = join(entry.parentPath, entry.name);
        const words = entry.name.endsWith('.html') ? text(readFileSync(file, 'utf8')) : readFileSync(file, 'utf8');
        for (const word of TOOL_WORDS) {
          const at = word.exec(words);
          if (at) found.push(`${file.slice(site.length)}: …${words.slice(Math.max(0, at.index - 60), at.index + 40).replace(/\s+/g, ' ')}…`);
        }
        pages++;
      }
    assert.ok(pages > 60, `${pages} pages read`);
    assert.deepEqual(found, []);
  });

  it("says the line an object is written at in an author's preview only", async () => {
    const fixture = tempTree({ 'words.yaml': DOCUMENT });
    const out = join(tempDir('apidesc-words-preview-'), 'site');
    const r = await runIn(fixture, ['build', 'words.yaml', '--allow-invalid', '--out', out]);
    assert.equal(r.code, 0, r.err);
    assert.match(readFileSync(join(out, 'channels/orders/index.html'), 'utf8'), /Defined in <code>words\.yaml:7<\/code>/);
    assert.match(readFileSync(join(out, 'channels/orders/index.md'), 'utf8'), /Defined in `words\.yaml:7`/);
    // Published, the same page names the file alone.
    const published = sites[1]!;
    assert.match(readFileSync(join(published, 'channels/orders/index.html'), 'utf8'), /Defined in <code>words\.yaml<\/code>/);
  });
});
