/**
 * A portal root's opening sentence: what the portal holds, from its documents' own data (how many
 * APIs, how many messages they send and receive, over which protocols, and how many flows join
 * them), so that a reader arriving there learns what it is before its cards and filters.
 */
import { protocolChipName } from '../lib/model/protocol-names.ts';
import { byCodeUnits } from '../lib/text-order.ts';

/** What the sentence is made of: each API's counts and protocols, and the portal's flows. */
export interface PortalLeadInput {
  apis: { counts: Record<string, number>; catalog: { protocols: string[] } }[];
  flows?: { count: number; connectedApis: string[]; countingStopped?: true } | undefined;
}

/** "a, b and c" */
function listed(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function portalLead({ apis, flows }: PortalLeadInput): string {
  const messages = apis.reduce((sum, api) => sum + (api.counts.messages ?? 0), 0);
  const protocols = [...new Set(apis.flatMap((api) => api.catalog.protocols))]
    .map(protocolChipName)
    .sort((a, b) => byCodeUnits(a.toLowerCase(), b.toLowerCase()));
  const what =
    messages > 0 ? ` that ${apis.length === 1 ? 'sends and receives' : 'send and receive'} ${messages} ${messages === 1 ? 'message' : 'messages'}` : '';
  const over = protocols.length > 0 ? ` over ${listed(protocols)}` : '';
  const joined =
    flows && flows.count > 0
      ? `; ${flows.countingStopped ? 'at least ' : ''}${flows.count} ${flows.count === 1 ? 'flow joins' : 'flows join'} ${flows.connectedApis.length} of them, drawn in the system map below`
      : '';
  return `${apis.length} ${apis.length === 1 ? 'API' : 'APIs'}${what}${over}${joined}.`;
}
