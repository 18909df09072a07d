/** Server pages, and the security sections servers and operations share. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { templateValueFacts } from './page-template-values.ts';
import { channelServers, type Context, entityByUrl, operationsOn, sub, valueAt } from './page-context.ts';
import type { Page } from './page-types.ts';
import { securityViews, type SecuritySchemeView } from './security-view.ts';
import type { Entity, Link } from './types.ts';
import { templateParts } from './page-values.ts';
import { replyRoutes } from './reply-channels.ts';
import { connectSection } from './page-server-connect.ts';

export function serverPage(ctx: Context, page: Page, server: Record<string, unknown>, at: Location): void {
  const pathname = typeof server.pathname === 'string' ? server.pathname : '';
  const variables = isPlainObject(server.variables) ? server.variables : {};
  // No URL is made of what is not text (a document with errors): "[object Object]://" says nothing true.
  const host = typeof server.host === 'string' ? server.host : undefined;
  const protocol = typeof server.protocol === 'string' ? server.protocol : undefined;
  if (host !== undefined && protocol !== undefined) {
    page.facts.push({
      label: 'URL template',
      text: `${protocol}://${host}${pathname}`,
      code: true,
      template: templateParts(`${protocol}://${host}${pathname}`),
    });
    // The addresses a client uses (the host filled in, an AWS service's endpoint and ARN) are said
    // once, in the Connect block (page-server-connect.ts): the facts keep the document's own form.
  } else {
    const missing = [protocol === undefined ? '`protocol`' : '', host === undefined ? '`host`' : ''].filter(Boolean).join(' and ');
    page.facts.push({ label: 'URL', text: `unknown: the server has no ${missing} written as text` });
  }
  // The Connect block leads the sections; whether the operations' samples use it is known at the end.
  const first = page.sections.length;
  const described = templateValueFacts(ctx, variables, sub(at, 'variables'));
  if (described.length > 0) page.sections.push({ type: 'facts', heading: 'Variables', anchor: 'variables', facts: described });
  securitySection(ctx, page, server.security, sub(at, 'security'), 'Security');
  const channels = ctx.entities.filter((e) => e.kind === 'channel' && channelServers(ctx, e).some((s) => s.url === page.url));
  page.sections.push({
    type: 'links',
    heading: 'Channels on this server',
    anchor: 'channels',
    links: channels.map((c) => ({ ...toLink(c), ...addressOf(ctx, c) })),
    empty: 'No channel of this API uses this server.',
    paged: true,
  });
  // Who sends and who receives on the server: the operations on its channels, each with its action and its channel's address.
  const operations = channels.flatMap((c) => {
    const { address } = addressOf(ctx, c);
    return operationsOn(ctx, c).flatMap(({ entity, value }) =>
      value.action === 'send' || value.action === 'receive' ? [{ ...toLink(entity), note: value.action, ...(address !== undefined ? { address } : {}) }] : [],
    );
  });
  if (operations.length > 0) page.sections.push({ type: 'links', heading: 'Operations on this server', anchor: 'operations', links: operations, paged: true });
  const connect = connectSection(ctx, server, at, operations.length > 0);
  if (connect) page.sections.splice(first, 0, connect);
}

/**
 * A channel's address, for a list of channels; a channel without one (`address` null or left out:
 * a reply address, say) is said to get it at run time rather than shown with nothing beside it.
 */
function addressOf(ctx: Context, channel: Entity): { address?: string; note?: string; noteUrl?: string } {
  const v = ctx.doc.deref(valueAt(ctx, { file: ctx.doc.root.path, pointer: channel.pointer }), { file: ctx.doc.root.path, pointer: channel.pointer })?.value;
  if (!isPlainObject(v)) return {};
  if (typeof v.address === 'string') return { address: v.address };
  // A reply channel's address is set by each request: its operation's Reply section says how.
  const explained = replyRoutes(ctx).find((r) => r.reply === channel);
  return { note: '(address set at run time)', ...(explained ? { noteUrl: `${explained.operation.url}#h-reply` } : {}) };
}

/** SPEC "Use of security declarations" 2: where the servers declare security, it must be satisfied too. */
export function serverSecuritySection(ctx: Context, page: Page, channelRef: unknown, site: Location): void {
  const channel = ctx.locator.target(channelRef, site);
  if (!channel) return;
  const groups: { link: Link; schemes: SecuritySchemeView[] }[] = [];
  for (const server of channel.kind === 'channel' ? channelServers(ctx, channel) : []) {
    const entity = entityByUrl(ctx, server.url);
    const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
    const value = at && ctx.doc.deref(valueAt(ctx, at), at);
    if (!value || !isPlainObject(value.value)) continue;
    // Every scheme of the server, inline or referenced: each is an alternative.
    const schemes = securityViews(ctx, value.value.security, sub(value.at, 'security'));
    if (schemes.length > 0) groups.push({ link: server, schemes });
  }
  // A server whose schemes the operation's own Security already shows adds nothing to read twice.
  const own = new Set(
    page.sections
      .flatMap((s) => (s.type === 'security' ? s.groups.flatMap((g) => g.schemes.map((scheme) => scheme.link?.url ?? '')) : []))
      .filter((u) => u !== ''),
  );
  const same = (g: (typeof groups)[number]): boolean => g.schemes.every((scheme) => scheme.link !== undefined && own.has(scheme.link.url));
  const shown = groups.filter((g) => !same(g));
  const ownSection = page.sections.find((s) => s.type === 'security' && s.anchor === 'security');
  // Said with the operation's own ("as server X does"), so that every operation page names its servers' requirement.
  const alsoServers = groups.filter(same).map((g) => g.link);
  const ownGroup = ownSection?.type === 'security' ? ownSection.groups.find((g) => g.ofOperation) : undefined;
  if (ownGroup && alsoServers.length > 0) ownGroup.alsoServers = alsoServers;
  if (shown.length === 0) return;
  // One "Security" section: the server's schemes under the operation's own when it has some.
  if (ownSection?.type === 'security') {
    ownSection.groups.push(...shown);
    ownSection.intro = `${ownSection.intro ? `${ownSection.intro} ` : ''}The connection to the server must satisfy one scheme of its own as well.`;
    return;
  }
  // Each group's line says whose the schemes are ("Server X requires:"): the intro says only what the line cannot, a choice among several.
  const choice = shown.some((g) => g.schemes.length > 1);
  page.sections.push({
    type: 'security',
    heading: 'Security',
    anchor: 'security',
    ...(choice || shown.length > 1
      ? {
          intro:
            shown.length > 1
              ? 'Set by the servers: the connection to each must satisfy one of its schemes.'
              : 'Set by the server: the connection must satisfy one of its schemes.',
        }
      : {}),
    groups: shown,
  });
}

/** The object's own `security`: alternatives, one of which must be satisfied. */
export function securitySection(ctx: Context, page: Page, security: unknown, at: Location, heading: string, ofOperation = false): void {
  const schemes = securityViews(ctx, security, at);
  if (schemes.length === 0) return;
  page.sections.push({
    type: 'security',
    heading,
    anchor: 'security',
    ...(schemes.length > 1 ? { intro: 'One of these schemes must be satisfied.' } : {}),
    groups: [{ schemes, ...(ofOperation ? { ofOperation: true as const } : {}) }],
  });
}
