/**
 * The request/reply picture of an operation with a reply (issue 22): the request travelling
 * from the requester over its channel to the responder, and the reply coming back over the
 * reply channel or address. Read from the operation's page (its facts and its Messages and Reply
 * sections), which say the same in text.
 */
import type { Diagram, DiagramEdge, DiagramNode } from '../diagram/diagram-types.ts';
import { messagesLabel } from './flow-messages.ts';
import type { Page, PageSection } from './page-types.ts';
import { replyAddressWords } from './runtime-expression-words.ts';

type MessagesSection = Extract<PageSection, { type: 'messages' }>;

/** What a box says of a side the document does not describe: the request/reply picture's responder, a channel's receivers. */
export const OUTSIDE_WORDS = { label: 'the other side', line: 'not in this document' } as const;

/** A box for a side of a flow this document does not have (`caption`: its role, "responder", "receivers"). */
export function outsideNode(id: string, caption: string): DiagramNode {
  return { id, kind: 'group', caption, label: OUTSIDE_WORDS.label, lines: [OUTSIDE_WORDS.line] };
}

const namesOf = (section: MessagesSection | undefined): string[] =>
  section ? [...section.messages.map((m) => m.link.title), ...section.others.map((l) => l.title)] : [];

export function replyDiagram(page: Page, action: unknown): Diagram | undefined {
  const sectionOf = (anchor: string): MessagesSection | undefined =>
    page.sections.find((s): s is MessagesSection => s.type === 'messages' && s.anchor === anchor);
  const reply = sectionOf('reply');
  if (!reply) return undefined;
  const fact = (facts: Page['facts'] | undefined, label: string) => facts?.find((f) => f.label === label);
  const requestChannel = fact(page.facts, 'Channel')?.link;
  const requestAddress = fact(page.facts, 'Address')?.text;
  // The reply's channel is one of the page's key facts (page-operation.ts).
  const replyChannel = fact(page.facts, 'Reply channel')?.link;
  // A runtime expression (`$message.header#/replyTo`) in words: the box is read, not parsed.
  const replyExpression = fact(reply.facts, 'Reply address')?.text;
  const replyAddress = replyExpression !== undefined ? replyAddressWords(replyExpression) : undefined;
  const replyChannelAddress = fact(reply.facts, 'Reply channel address')?.text;
  const sends = action !== 'receive';
  const self: DiagramNode = {
    id: 'self',
    kind: sends ? 'send' : 'receive',
    caption: `this operation (${sends ? 'requester' : 'responder'})`,
    label: page.title,
    url: page.url,
  };
  const other = outsideNode('other', sends ? 'responder' : 'requester');
  const request: DiagramNode = {
    id: 'request',
    kind: 'channel',
    caption: 'request channel',
    label: requestChannel?.title ?? 'unknown channel',
    ...(requestAddress ? { lines: [requestAddress] } : {}),
    url: requestChannel?.url ?? page.url,
  };
  const back: DiagramNode = replyChannel
    ? {
        id: 'reply',
        kind: 'channel',
        caption: 'reply channel',
        label: replyChannel.title,
        ...(replyAddress || replyChannelAddress ? { lines: [(replyAddress ?? replyChannelAddress)!] } : {}),
        url: replyChannel.url,
      }
    : { id: 'reply', kind: 'channel', caption: 'reply address', label: replyAddress ?? 'not given', url: `${page.url}#h-reply` };
  const requestLabel = messagesLabel(namesOf(sectionOf('messages')));
  const replyLabel = messagesLabel(namesOf(reply)) ?? 'reply';
  // The requester on the left: the request runs left to right above, the reply comes back under it.
  const [left, right] = sends ? [self, other] : [other, self];
  const edges: DiagramEdge[] = [
    { from: left.id, to: 'reply', reverse: true },
    { from: 'reply', to: right.id, label: replyLabel, reverse: true },
    { from: left.id, to: 'request', ...(requestLabel ? { label: requestLabel } : {}) },
    { from: 'request', to: right.id },
  ];
  const where = replyChannel ? `the reply channel ${replyChannel.title}` : replyAddress ? replyAddress : 'a reply address not given';
  return {
    title: `Request and reply of ${page.title}`,
    description: sends
      ? `${page.title} sends ${requestLabel ?? 'its request'} on ${request.label}; the reply (${replyLabel}) comes back on ${where}. The Messages and Reply sections say the same in text.`
      : `The other side sends ${requestLabel ?? 'a request'} on ${request.label}, which ${page.title} receives; it replies with ${replyLabel} on ${where}. The Messages and Reply sections say the same in text.`,
    nodes: [left, back, request, right],
    edges,
    // The request above, the reply under it: only left to right draws that.
    direction: 'LR',
  };
}
