/**
 * Whose requirement a group of security schemes is, in the one line before them (Redocly's
 * "Server X requires:"), the same on every operation page: a server's, or the operation's own
 * with the servers whose schemes are the same ones. Worded once for the page
 * (SecuritySchemes.astro) and its Markdown twin (twin-sections.ts).
 */
import type { SecurityGroup, TextPart } from './page-types.ts';

/** The group's lead line, or undefined for a group that is neither a server's nor the operation's. */
export function securityLead(group: SecurityGroup): TextPart[] | undefined {
  if (group.link) return [{ text: 'Server ' }, { text: group.link.title, url: group.link.url }, { text: ' requires:' }];
  if (!group.ofOperation) return undefined;
  const servers = group.alsoServers ?? [];
  if (servers.length === 0) return [{ text: 'This operation requires:' }];
  const one = servers.length === 1;
  return [
    { text: `This operation requires, as ${one ? 'server' : 'servers'} ` },
    ...servers.flatMap((l, k): TextPart[] => [...(k === 0 ? [] : [{ text: k === servers.length - 1 ? ' and ' : ', ' }]), { text: l.title, url: l.url }]),
    { text: ` ${one ? 'does' : 'do'}:` },
  ];
}
