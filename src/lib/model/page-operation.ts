/** Operation pages: action, channel, messages, reply, security, traits applied, sns side. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { otherBindings, producerDeliveryPolicy } from './page-bindings.ts';
import { bindingsOf, type Context, merged, sub } from './page-context.ts';
import { securitySection, serverSecuritySection } from './page-server.ts';
import type { Fact, Page } from './pages.ts';
import { operationView } from './sns.ts';

export function operationPage(ctx: Context, page: Page, op: Record<string, unknown>, at: Location): void {
  const m = merged(ctx, op, at);
  const value = m.value;
  const channel = ctx.locator.link(op.channel, sub(at, 'channel'));
  if (channel) page.facts.push({ label: 'Channel', link: channel });
  const messages = Array.isArray(op.messages)
    ? op.messages.flatMap((msg, i) => ctx.locator.link(msg, sub(at, 'messages', i)) ?? [])
    : [];
  page.sections.push({ type: 'links', heading: 'Messages', anchor: 'messages', links: messages, empty: 'Every message of the channel.' });
  if (op.reply !== undefined) {
    const reply = ctx.doc.deref(op.reply, sub(at, 'reply'));
    if (reply && isPlainObject(reply.value)) {
      const facts: Fact[] = [];
      const address = ctx.doc.deref(reply.value.address, sub(reply.at, 'address'));
      if (address && isPlainObject(address.value) && typeof address.value.location === 'string') facts.push({ label: 'Reply address', text: address.value.location, code: true });
      const replyChannel = reply.value.channel !== undefined ? ctx.locator.link(reply.value.channel, sub(reply.at, 'channel')) : undefined;
      if (replyChannel) facts.push({ label: 'Reply channel', link: replyChannel });
      entries(reply.value.messages).forEach(([i, msg]) => {
        const link = ctx.locator.link(msg, sub(reply.at, 'messages', i));
        if (link) facts.push({ label: 'Reply message', link });
      });
      page.sections.push({ type: 'facts', heading: 'Reply', anchor: 'reply', facts });
    }
  }
  const bindings = bindingsOf(ctx, value.bindings, sub(m.origin.bindings ?? at, 'bindings'));
  if (bindings && isPlainObject(bindings.value.sns)) {
    // A trait or a components entry may have brought the binding: say which.
    const fromTrait = m.origin.bindings && (m.origin.bindings.file !== at.file || m.origin.bindings.pointer !== at.pointer) ? ctx.locator.at(m.origin.bindings) : undefined;
    const origin = bindings.link ?? (fromTrait ? toLink(fromTrait) : undefined);
    const topicPolicy = bindings.value.sns.deliveryPolicy ?? producerDeliveryPolicy(ctx, ctx.locator.target(op.channel, sub(at, 'channel')));
    page.sections.push({ type: 'sns-operation', heading: value.action === 'receive' ? 'sns subscriptions' : 'sns publishing', anchor: 'sns', view: operationView(bindings.value.sns, value.action, bindings.value.sqs, 'sns', topicPolicy), ...(origin ? { origin } : {}) });
  }
  securitySection(ctx, page, value.security, sub(m.origin.security ?? at, 'security'), 'Security');
  serverSecuritySection(ctx, page, op.channel, sub(at, 'channel'));
  traitsSection(ctx, page, m.origin, at);
  otherBindings(ctx, page, bindings);
}

export function traitsSection(ctx: Context, page: Page, origin: Record<string, Location>, at: Location): void {
  const fromTraits = Object.entries(origin).filter(([, o]) => o.file !== at.file || o.pointer !== at.pointer);
  if (fromTraits.length === 0) return;
  page.sections.push({
    type: 'facts',
    heading: 'Traits applied',
    anchor: 'traits',
    facts: fromTraits.map(([field, o]) => {
      const link = ctx.locator.at(o);
      return link ? { label: field, link: toLink(link) } : { label: field, text: o.pointer, code: true };
    }),
  });
}
