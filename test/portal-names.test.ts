/**
 * What a portal lists its APIs by (issue 33): protocols are names of protocols, never a binding's
 * fields that an invalid document put where the protocol key belongs, nor a server's `protocol`
 * that is no name; and APIs of one title are told apart by their version, else their file.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { titleQualifiers } from '../src/lib/model/api-titles.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';
import { buildSiteData } from '../src/site/site-model.ts';
import { portalLlmsTxt } from '../src/site/twins/llms-txt.ts';
import { BINDING_FIELDS, SAME_TITLE } from './broken-documents.ts';
import { tempTree } from './helpers.ts';

async function portal(files: Record<string, string>): Promise<ReturnType<typeof buildSiteData>> {
  const dir = tempTree(files);
  const docs = [];
  for (const name of Object.keys(files)) {
    const file = join(dir, name);
    const { doc, diagnostics } = await validateDocument(file, { cwd: dir });
    assert.ok(doc);
    docs.push({ file, doc, diagnostics });
  }
  return buildSiteData(docs, dir, { deferPages: true });
}

describe("a portal's protocols", () => {
  it("are the format's protocol names and the servers' valid protocols, from a document with errors too", async () => {
    const { site } = await portal({ 'bindings.yaml': BINDING_FIELDS, 'other.yaml': SAME_TITLE('1.0.0') });
    const api = site.apis.find((a) => a.title === 'Misplaced bindings')!;
    assert.ok(api.errorCount, 'the document has errors');
    assert.deepEqual(api.catalog.protocols, ['kafka', 'kafka-secure']);
    const protocols = (pointer: string): string[] => api.pages.find((p) => p.pointer === pointer)!.protocols;
    assert.deepEqual(protocols('/channels/events'), ['kafka', 'kafka-secure']);
    assert.deepEqual(protocols('/operations/sendEvent'), ['kafka', 'kafka-secure']);
    assert.deepEqual(protocols('/servers/object'), []);
    assert.deepEqual(protocols('/servers/sentence'), []);
    assert.deepEqual(
      api.pages.filter((p) => p.kind === 'server').map((p) => p.badges),
      [['kafka-secure'], [], []],
    );
  });
});

describe('APIs of one title', () => {
  it('are told apart by their version where it differs, else by their file', () => {
    assert.deepEqual(
      titleQualifiers([
        { title: 'Orders', version: '1.0.0', file: 'a/orders.yaml' },
        { title: 'Orders', version: '1.0.0', file: 'b/orders.yaml' },
        { title: 'Orders', version: '2.0.0', file: 'c/orders.yaml' },
        { title: 'Lights', version: '1.0.0', file: 'lights.yaml' },
      ]),
      ['a/orders.yaml', 'b/orders.yaml', 'version 2.0.0', undefined],
    );
  });

  it('are listed each with what tells it apart, in the site data and in llms.txt', async () => {
    const { site } = await portal({ 'a/orders.yaml': SAME_TITLE('1.0.0'), 'b/orders.yaml': SAME_TITLE('1.0.0'), 'c/orders.yaml': SAME_TITLE('2.0.0') });
    assert.deepEqual(
      site.apis.map((a) => a.qualifier),
      ['a/orders.yaml', 'b/orders.yaml', 'version 2.0.0'],
    );
    const index = portalLlmsTxt('APIs', site.apis, (url) => `/${url}`);
    for (const label of ['Orders (a/orders.yaml)', 'Orders (b/orders.yaml)', 'Orders (version 2.0.0)']) assert.ok(index.includes(`[${label}]`), index);
  });
});
