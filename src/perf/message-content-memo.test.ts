/** A message's content made once and copied for its next showing (message-content-memo.ts). */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempTree } from '../../test/helpers.ts';
import { buildApiModel } from '../lib/model/build-model.ts';
import type { Page } from '../lib/model/page-types.ts';
import { validateDocument } from '../lib/validate/validate-document.ts';
import { type MessageContent, MessageContentMemo } from './message-content-memo.ts';

// A message shown on its own page and inline on its operation's: a payload that holds itself (a
// back-reference row, whose anchor names another row), headers, and an example.
const DOCUMENT = `apidesc: 3.0.0
info:
  title: Parcels
  version: 1.0.0
channels:
  parcels:
    address: parcels
    messages:
      parcelScanned:
        $ref: '#/components/messages/parcelScanned'
operations:
  receiveParcelScanned:
    action: receive
    channel:
      $ref: '#/channels/parcels'
components:
  messages:
    parcelScanned:
      headers:
        type: object
        properties:
          traceId:
            type: string
      payload:
        $ref: '#/components/schemas/Parcel'
      examples:
        - payload:
            id: p-1
  schemas:
    Parcel:
      type: object
      properties:
        id:
          type: string
          description: The parcel's *id*.
        next:
          $ref: '#/components/schemas/Parcel'
`;

async function pagesOf(memo: boolean): Promise<Page[]> {
  const dir = tempTree({ 'api.yaml': DOCUMENT });
  const { doc } = await validateDocument(join(dir, 'api.yaml'));
  assert.ok(doc);
  const before = process.env.APIDESC_PERF_OFF;
  if (memo) delete process.env.APIDESC_PERF_OFF;
  else process.env.APIDESC_PERF_OFF = 'message-memo';
  try {
    return buildApiModel(doc, 'parcels', dir).pages;
  } finally {
    if (before === undefined) delete process.env.APIDESC_PERF_OFF;
    else process.env.APIDESC_PERF_OFF = before;
  }
}

/** Every anchor of a page's schema rows, with the anchors their back-references lead to. */
function rowAnchors(page: Page): string[] {
  const anchors: string[] = [];
  const visit = (sections: Page['sections']): void => {
    for (const section of sections) {
      if (section.type === 'schema') for (const row of section.rows) anchors.push(row.anchor, ...(row.backReference ? [`→${row.backReference.anchor}`] : []));
      if (section.type === 'messages') for (const message of section.messages) visit(message.sections);
    }
  };
  visit(page.sections);
  return anchors;
}

describe('message content memo', () => {
  it('gives the message page and the operation page the same content as making it twice, each under its own anchors', async () => {
    const made = await pagesOf(false);
    const copied = await pagesOf(true);
    assert.deepEqual(copied, made);
    const message = copied.find((p) => p.kind === 'component:messages')!;
    const operation = copied.find((p) => p.kind === 'operation')!;
    assert.deepEqual(rowAnchors(message), ['headers', 'headers.traceId', 'payload', 'payload.id', 'payload.next', '→payload']);
    const prefix = 'messages-parcelscanned';
    assert.deepEqual(
      rowAnchors(operation),
      rowAnchors(message).map((a) => (a.startsWith('→') ? `→${prefix}.${a.slice(1)}` : `${prefix}.${a}`)),
    );
  });

  it('makes a message once, and each showing is a copy of its own', () => {
    const memo = new MessageContentMemo();
    const message = { payload: {} };
    const at = { file: 'api.yaml', pointer: '/components/messages/m' };
    let makes = 0;
    const make = (): MessageContent => {
      makes++;
      return {
        facts: [{ label: 'Content type', text: 'application/json', code: true }],
        sections: [
          {
            type: 'schema',
            heading: 'Payload',
            anchor: 'op.payload',
            rows: [{ anchor: 'op.payload', name: '', depth: 0, type: 'object', required: false, constraints: [], flags: [] }],
          },
          {
            type: 'examples',
            heading: 'Examples',
            anchor: 'op.examples',
            examples: [{ title: 'Example 1', blocks: [{ part: 'payload', lang: 'json', code: '{}' }] }],
          },
        ],
        value: message,
        origin: {},
      };
    };
    const first = memo.contentOf(message, at, 'op', make);
    // The page's copy is highlighted and emptied later: what the next page gets must not change with it.
    const firstExamples = first.sections[1];
    assert.ok(firstExamples?.type === 'examples');
    firstExamples.examples[0]!.blocks[0]!.html = '<pre>{}</pre>';
    first.facts.length = 0;
    const second = memo.contentOf(message, at, '', make);
    assert.equal(makes, 1);
    assert.deepEqual(second.facts, [{ label: 'Content type', text: 'application/json', code: true }]);
    assert.deepEqual(
      second.sections.map((s) => s.anchor),
      ['payload', 'examples'],
    );
    assert.ok(second.sections[0]?.type === 'schema' && second.sections[0].rows[0]!.anchor === 'payload');
    assert.ok(second.sections[1]?.type === 'examples' && second.sections[1].examples[0]!.blocks[0]!.html === undefined);
    // Let go at its reuse: a third showing makes it again.
    memo.contentOf(message, at, 'other', make);
    assert.equal(makes, 2);
  });
});
