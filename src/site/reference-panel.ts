/**
 * The reference panel of an operation, message or schema page (ReferencePanel.astro): what a
 * reader copies, beside what it means, as Stripe's and Redocly's references show a request's
 * example and code beside its fields. The panel holds the examples of the page's messages (or of
 * the message, or of the schema) and the code samples of an operation; an sns publishing
 * operation's commands that publish follow the grid at its whole width (EntityPage.astro);
 * the page's sections are split around it: those it sits beside (facts, messages, schemas), and
 * those that follow it in one column (sns subscriptions, security, where used).
 */
import type { InlineMessage, Page, PageSection, SampleGroup, SampleServer } from '../lib/model/page-types.ts';
import type { SnsHandsOn } from '../lib/model/sns-hands-on-types.ts';
import type { Link } from '../lib/model/types.ts';
import type { TryItView } from '../lib/try-it/try-it-view.ts';

export type ExamplesSection = Extract<PageSection, { type: 'examples' }>;

/** The examples of one message (or of the page's own message or schema). */
export interface PanelGroup {
  /** The message's title; undefined for the page's own examples. */
  title?: string;
  /** The message's page, when the examples are of a message shown on another page. */
  link?: Link;
  examples: ExamplesSection;
}

export interface ReferencePanelData {
  /** The page's own examples, or those of the operation's messages (one group each). */
  request: PanelGroup[];
  /** The examples of an operation's reply messages. */
  reply: PanelGroup[];
  /** The commands that publish to an sns topic: after the panel and the fields, at the column's whole width, not in the panel. */
  publish?: SnsHandsOn;
  /** Code that sends or receives the operation's messages (page-samples.ts), one group per half of the exchange. */
  samples?: SampleGroup[];
  /** The samples of each of the channel's servers when they are written for several (the server picker); `samples` is the first's. */
  sampleServers?: SampleServer[];
  /** The form that sends from the reader's browser (configuration `tryIt`, page-try-it.ts). */
  tryIt?: TryItView;
  /** The sections the panel sits beside (above it in one column), and those after it. */
  beside: PageSection[];
  after: PageSection[];
}

/** Examples a panel shows of one message shown on another page, at most: the rest are on the message's page (a panel does not grow with the document). */
export { PANEL_EXAMPLES } from '../lib/model/shown-examples.ts';

/** The sections a panel sits beside: what the page's object is and carries. */
const BESIDE: ReadonlySet<PageSection['type']> = new Set(['schema', 'source', 'broken-reference', 'examples', 'messages', 'peers']);

function groupsOf(messages: InlineMessage[]): PanelGroup[] {
  return messages.flatMap((m) => {
    const examples = m.sections.find((s): s is ExamplesSection => s.type === 'examples');
    return examples && examples.examples.length > 0 ? [{ title: m.link.title, link: m.link, examples }] : [];
  });
}

/** Whether the panel itself (the <aside> beside the fields) has anything to show: examples, code samples or a form. */
export function panelHasAside(panel: ReferencePanelData): boolean {
  return panel.request.length > 0 || panel.reply.length > 0 || panel.samples !== undefined || panel.tryIt !== undefined;
}

/** The panel without the code samples: they go after it, at the column's whole width, when their lines are wider than it (EntityPage.astro). */
export function withoutSamples(panel: ReferencePanelData): ReferencePanelData {
  const { samples: _samples, sampleServers: _servers, ...rest } = panel;
  return rest;
}

/** The page's "try it" form (configuration `tryIt`), if it has one. */
export function tryItOf(page: Page): TryItView | undefined {
  const section = page.sections.find((s) => s.type === 'try-it');
  return section?.type === 'try-it' ? section.view : undefined;
}

/**
 * The panel of a page, or undefined when it has nothing to show (no example, no command): the
 * page keeps one column. The sections are split after the last one the panel sits beside, so
 * that on a narrow screen the panel comes right after what it illustrates.
 */
export function referencePanel(page: Page): ReferencePanelData | undefined {
  let request: PanelGroup[] = [];
  let reply: PanelGroup[] = [];
  let publish: SnsHandsOn | undefined;
  let samples: SampleGroup[] | undefined;
  let sampleServers: SampleServer[] | undefined;
  for (const s of page.sections) {
    if (s.type === 'examples' && s.examples.length > 0) request = [{ examples: s }];
    if (s.type === 'messages' && s.anchor === 'messages') request = groupsOf(s.messages);
    if (s.type === 'messages' && s.anchor === 'reply') reply = groupsOf(s.messages);
    if (s.type === 'code-samples' && s.groups.length > 0) {
      samples = s.groups;
      sampleServers = s.servers;
    }
    if (s.type === 'sns-operation' && s.handsOn && (s.handsOn.publish.length > 0 || s.handsOn.unreachable.length > 0)) publish = s.handsOn;
  }
  const tryIt = tryItOf(page);
  if (request.length === 0 && reply.length === 0 && !publish && !samples && !tryIt) return undefined;
  // The page's examples and code samples move into the panel; the reply's diagram stays beside it with the messages.
  const sections = page.sections.filter((s) => s.type !== 'code-samples' && s.type !== 'try-it' && !request.some((g) => g.examples === s));
  let cut = 0;
  sections.forEach((s, i) => {
    if (BESIDE.has(s.type) || (s.type === 'diagram' && s.anchor === 'reply-flow')) cut = i + 1;
  });
  return {
    request,
    reply,
    ...(publish ? { publish } : {}),
    ...(samples ? { samples } : {}),
    ...(sampleServers ? { sampleServers } : {}),
    ...(tryIt ? { tryIt } : {}),
    beside: sections.slice(0, cut),
    after: sections.slice(cut),
  };
}
