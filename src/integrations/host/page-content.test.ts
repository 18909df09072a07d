import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { validateDocument } from '../../lib/validate/validate-document.ts';
import type { Page } from '../../lib/model/page-types.ts';
import { buildSiteData } from '../../site/site-model.ts';
import { pageContent, writtenInEachLocale } from './page-content.ts';
import { returnUnusedMemory } from './return-memory.ts';

const ORDERS = join(import.meta.dirname, '..', '..', '..', 'content', 'orders.apidesc.yaml');

describe("the content of a host's reference pages", () => {
  it('is made when a page is rendered, highlighted, and let go once it is written; the pages shown elsewhere keep theirs', async () => {
    const { doc } = await validateDocument(ORDERS);
    assert.ok(doc);
    const model = buildSiteData([{ file: ORDERS, doc }], process.cwd(), { deferPages: true });
    const pages = model.site.apis[0]!.pages;
    const schema = pages.find((p) => p.url === 'components/schemas/order/')!;
    const channel = pages.find((p) => p.url === 'channels/orderevents/')!;
    const server = pages.find((p) => p.kind === 'server')!;
    assert.equal(channel.sections.length, 0, 'summaries only, at first');
    const content = await pageContent(model.site, model.complete, [schema]);
    assert.ok(schema.sections.length > 0, 'a page shown by a component is made at once');
    assert.ok(server.sections.length > 0, "a server's content shapes its routes: made at once");
    assert.equal(channel.sections.length, 0);
    await content.fill(channel);
    assert.ok(channel.sections.length > 0);
    assert.match(channel.descriptionHtml ?? '', /class="code"|<span style|hl-/, 'its code highlighted');
    content.release(channel);
    assert.equal(channel.sections.length, 0, 'let go once written');
    await assert.rejects(content.fill(channel), /asked for after its page was written/);
    content.release(schema);
    assert.ok(schema.sections.length > 0, 'kept');
  });

  it('lets go of what makes content (the model, its caches, the highlighter) once every page is written', async () => {
    const { doc } = await validateDocument(ORDERS);
    assert.ok(doc);
    const model = buildSiteData([{ file: ORDERS, doc }], process.cwd(), { deferPages: true });
    const [channel, schema] = ['channels/orderevents/', 'components/schemas/order/'].map((url) => model.site.apis[0]!.pages.find((p) => p.url === url)!);
    // The completer stands for what makes content: only the page content holds it.
    let completer: ((page: Page) => Page) | undefined = (page) => model.complete(page);
    const made = new WeakRef(completer);
    const content = await pageContent(model.site, completer, []);
    completer = undefined;
    await content.fill(channel!);
    content.end();
    await assert.rejects(content.fill(schema!), /asked for after every page was written/);
    await new Promise((later) => setImmediate(later));
    returnUnusedMemory();
    assert.equal(made.deref(), undefined, 'nothing holds the completer any more');
  });

  it('is let go after its last writing when the host writes each page once per locale', async () => {
    const { doc } = await validateDocument(ORDERS);
    assert.ok(doc);
    const model = buildSiteData([{ file: ORDERS, doc }], process.cwd(), { deferPages: true });
    const channel = model.site.apis[0]!.pages.find((p) => p.url === 'channels/orderevents/')!;
    const content = writtenInEachLocale(await pageContent(model.site, model.complete, []), 2);
    await content.fill(channel);
    const sections = channel.sections.length;
    content.release(channel);
    assert.equal(channel.sections.length, sections, 'kept for its writing in the other locale');
    await content.fill(channel);
    content.release(channel);
    assert.equal(channel.sections.length, 0, 'let go after its last writing');
  });
});
