/** Server pages, and the security sections servers and operations share. */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { toLink } from './entity-locator.ts';
import { objectView } from './object-view.ts';
import { channelServers, type Context, entityByUrl, sub, valueAt } from './page-context.ts';
import type { Fact, Page } from './pages.ts';
import { templateParts } from './page-values.ts';

export function serverPage(ctx: Context, page: Page, server: Record<string, unknown>, at: Location): void {
  const host = String(server.host ?? '');
  const pathname = typeof server.pathname === 'string' ? server.pathname : '';
  const protocol = String(server.protocol ?? '');
  const variables = isPlainObject(server.variables) ? server.variables : {};
  const fill = (template: string): string => template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const v = ctx.doc.deref(variables[name], sub(at, 'variables', name))?.value;
    return isPlainObject(v) && typeof v.default === 'string' ? v.default : isPlainObject(v) && Array.isArray(v.enum) && typeof v.enum[0] === 'string' ? v.enum[0] : whole;
  });
  page.facts.push({ label: 'URL template', text: `${protocol}://${host}${pathname}`, code: true, template: templateParts(`${protocol}://${host}${pathname}`) });
  page.facts.push({ label: 'Example URL', text: `${protocol}://${fill(host)}${fill(pathname)}`, code: true });
  if (Object.keys(variables).length > 0) page.sections.push({ type: 'object', heading: 'Variables', anchor: 'variables', view: objectView(ctx.doc, ctx.locator, variables, sub(at, 'variables')) });
  securitySection(ctx, page, server.security, sub(at, 'security'), 'Security');
  const channels = ctx.entities.filter((e) => e.kind === 'channel' && channelServers(ctx, e).some((s) => s.url === page.url));
  page.sections.push({ type: 'links', heading: 'Channels on this server', anchor: 'channels', links: channels.map(toLink), empty: 'No channel of this API uses this server.', paged: true });
}

/** SPEC "Use of security declarations" 2: where the servers declare security, it must be satisfied too. */
export function serverSecuritySection(ctx: Context, page: Page, channelRef: unknown, site: Location): void {
  const channel = ctx.locator.target(channelRef, site);
  if (!channel) return;
  const facts: Fact[] = [];
  for (const server of channel.kind === 'channel' ? channelServers(ctx, channel) : []) {
    const entity = entityByUrl(ctx, server.url);
    const at = entity && { file: ctx.doc.root.path, pointer: entity.pointer };
    const value = at && ctx.doc.deref(valueAt(ctx, at), at);
    const list = value && isPlainObject(value.value) && Array.isArray(value.value.security) ? value.value.security : [];
    const schemes = list.flatMap((s, i) => ctx.locator.link(s, sub(value!.at, 'security', i)) ?? []);
    if (schemes.length > 0) facts.push({ label: server.title, links: schemes });
  }
  if (facts.length > 0) page.sections.push({ type: 'facts', heading: 'Server security that also applies', anchor: 'server-security', facts });
}

export function securitySection(ctx: Context, page: Page, security: unknown, at: Location, heading: string): void {
  if (!Array.isArray(security) || security.length === 0) return;
  page.sections.push({ type: 'object', heading, anchor: 'security', view: objectView(ctx.doc, ctx.locator, security, at) });
}
