/**
 * Pages of the parts other objects are composed of (a reply, a correlation id, bindings, traits):
 * each shown as the page that uses it shows it (the operation's Reply section, the message's
 * Correlation ID fact, a channel's sns topic, schema tables), not as a tree of the format's keys.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { escapeText } from '../html-text.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { objectView } from './object-view.ts';
import { fanOut, otherBindings } from './page-bindings.ts';
import { type Context, entityByUrl, sub, valueAt } from './page-context.ts';
import { messageContent } from './page-message.ts';
import { replyChannelLink, replySection } from './page-operation.ts';
import type { Page } from './page-types.ts';
import { runtimeExpressionMeaning } from './runtime-expression-words.ts';
import { operationView, topicView } from './sns.ts';
import { topicName } from './sns-topic-name.ts';

/** A reply as its operation's page says it: where it comes back, its channel, its messages. */
export function replyPage(ctx: Context, page: Page, reply: Record<string, unknown>, at: Location): void {
  const channel = replyChannelLink(ctx, reply, at);
  if (channel) page.facts.push({ label: 'Reply channel', link: channel });
  page.sections.push(replySection(ctx, reply, at));
}

/** A correlation id as a message's page says it: where the id is, in words, then the expression. */
export function correlationIdPage(_ctx: Context, page: Page, value: Record<string, unknown>): void {
  if (typeof value.location !== 'string') return;
  const meaning = runtimeExpressionMeaning(value.location, 'the message');
  page.facts.push(
    meaning
      ? { label: 'Location', text: meaning.charAt(0).toUpperCase() + meaning.slice(1), noteHtml: `<code>${escapeText(value.location)}</code>` }
      : { label: 'Location', text: value.location, code: true },
  );
}

/**
 * Bindings as the pages that use them show them: an sns channel binding as the channel's topic
 * (its fan-out when one channel uses it), every other protocol by name, version and schema tables.
 */
export function bindingsPage(ctx: Context, page: Page, value: Record<string, unknown>, at: Location, of: 'channel' | 'operation' | 'other'): void {
  if (of === 'operation' && isPlainObject(value.sns)) {
    snsOperationSection(ctx, page, value.sns, value.sqs);
    otherBindings(ctx, page, { value, at }, true);
    return;
  }
  const channel = of === 'channel';
  if (channel && isPlainObject(value.sns)) {
    // The fan-out is a channel's: drawn only when one channel uses the binding (several may fan out differently).
    const users = page.usedBy.filter((l) => entityByUrl(ctx, l.url)?.kind === 'channel');
    const topic = topicView(value.sns, page.id, undefined);
    page.sections.push(
      users.length === 1
        ? { type: 'sns-topic', heading: 'Amazon SNS topic', anchor: 'sns', topic, fanOut: fanOut(ctx, { ...page, url: users[0]!.url }), usersIndexIt: true }
        : { type: 'sns-topic', heading: 'Amazon SNS topic', anchor: 'sns', topic, fanOutOf: users, usersIndexIt: true },
    );
  }
  otherBindings(ctx, page, { value, at }, channel);
}

/**
 * An operation's sns binding as the operation's page shows it (its topic, its subscriptions and
 * their delivery): the action is that of the operations using it when they agree, for a trait or
 * a binding has none of its own.
 */
function snsOperationSection(ctx: Context, page: Page, sns: Record<string, unknown>, sqs: unknown): void {
  const actions = new Set(
    page.usedBy.flatMap((l) => {
      const user = entityByUrl(ctx, l.url);
      const at = user?.kind === 'operation' ? { file: ctx.doc.root.path, pointer: user.pointer } : undefined;
      const v = at && ctx.doc.deref(valueAt(ctx, at), at)?.value;
      return isPlainObject(v) && typeof v.action === 'string' ? [v.action] : [];
    }),
  );
  const action = actions.size === 1 ? [...actions][0] : undefined;
  const view = operationView(sns, action, sqs, 'sns');
  page.sections.push({
    type: 'sns-operation',
    heading: action === 'receive' ? 'Amazon SNS subscriptions' : 'Amazon SNS topic',
    anchor: 'sns',
    view,
    topic: topicName({}, sns.topic, undefined),
    usersIndexIt: true,
  });
}

/** The fields an operation trait gives, as an operation shows them: bindings by protocol; tags and external docs are facts (commonSections). */
export function operationTraitPage(ctx: Context, page: Page, value: Record<string, unknown>, at: Location): void {
  if (isPlainObject(value.bindings)) bindingsPage(ctx, page, value.bindings, sub(at, 'bindings'), 'operation');
  restSection(ctx, page, value, at, ['bindings']);
}

/** The fields a message trait gives, as a message shows them: content type, correlation id, headers as a schema table, bindings. */
export function messageTraitPage(ctx: Context, page: Page, value: Record<string, unknown>, at: Location): void {
  const content = messageContent(ctx, value, at, '');
  page.facts.push(...content.facts.filter((f) => !(f.label === 'Name' && f.text === page.id)));
  // A trait's examples are the messages' to show, made whole: its part alone is no example.
  page.sections.push(...content.sections.filter((s) => s.type !== 'examples'));
  if (isPlainObject(value.bindings)) otherBindings(ctx, page, { value: value.bindings, at: sub(at, 'bindings') }, false);
  restSection(ctx, page, value, at, ['bindings', 'contentType', 'name', 'correlationId', 'headers', 'payload', 'examples']);
}

/** Fields shown under the title or as facts already (summary, description, tags, external docs). */
const SAID_ELSEWHERE = ['title', 'summary', 'description', 'tags', 'externalDocs'];

/** What no reader's view above shows (a field few traits give: security, schemaFormat), as a tree: nothing is hidden. */
function restSection(ctx: Context, page: Page, value: Record<string, unknown>, at: Location, shown: string[]): void {
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !shown.includes(k) && !SAID_ELSEWHERE.includes(k)));
  if (Object.keys(rest).length > 0)
    page.sections.push({ type: 'object', heading: 'Other fields', anchor: 'other-fields', view: objectView(ctx.doc, ctx.locator, rest, at) });
}
