/**
 * The one snippet a guide's step shows under an operation's card: the first half of its code
 * samples (src/lib/samples: send or receive on its channel; a tab per message when it carries
 * several, as on the operation's page), else, for an sns operation, the
 * command that publishes its first message or creates its first subscription (sns-hands-on.ts).
 * The reference page keeps the others (every language, every filter, every subscription).
 */
import type { CodeSample, Page } from '../../lib/model/page-types.ts';
import { fillInSentence } from '../../lib/model/sample-fill-in.ts';
import type { PublishVariant, Snippet } from '../../lib/model/sns-hands-on-types.ts';
import { PROTOCOL_LABELS, shortEndpoint } from '../../lib/model/sns.ts';

type Tab = { label: string; code: string; html?: string | undefined; caption?: string | undefined };

export interface Runnable {
  title: string;
  /** `caption`: the client library of a generated sample, named in its panel (CodeTabs.astro). */
  tabs: Tab[];
  notes: string[];
  /**
   * When the half carries several messages, each one's tabs under its title (the first's being
   * `tabs`), as the operation's page has them: a step that sends the second message is not shown
   * code that sends the first. `more`: the messages past those, named on the operation's page.
   */
  messages?: { title: string; tabs: Tab[]; notes: string[] }[];
  moreMessages?: number;
  /** The file an sns publish command reads its body from (BodyFile.astro): offered beside it, as on the operation's page. */
  bodyFile?: PublishVariant['bodyFile'];
}

const tab = (label: string, snippet: Snippet | undefined) => (snippet ? [{ label, code: snippet.code, html: snippet.html }] : []);

export function runnableOf(page: Page): Runnable | undefined {
  for (const section of page.sections) {
    if (section.type !== 'code-samples') continue;
    const first = section.groups.find((g) => g.samples.length > 0);
    const tabsOf = (samples: CodeSample[]): Tab[] => samples.map((s) => ({ label: s.label, caption: s.library, code: s.code, html: s.html }));
    if (first)
      return {
        title: first.title,
        tabs: tabsOf(first.samples),
        notes: [...(first.fillIn ? [fillInSentence(first.fillIn)] : []), ...first.notes],
        ...(first.messages && first.messages.length > 1
          ? { messages: first.messages.map((m) => ({ title: m.title, tabs: tabsOf(m.samples), notes: m.notes })) }
          : {}),
        ...(first.moreMessages ? { moreMessages: first.moreMessages } : {}),
      };
  }
  const sns = page.sections.find((s) => s.type === 'sns-operation');
  const handsOn = sns?.type === 'sns-operation' ? sns.handsOn : undefined;
  if (!handsOn) return undefined;
  const publish = handsOn.publish[0];
  if (publish?.cli)
    return {
      title: publish.reaches.length > 0 ? `Publish a message (it ${publish.title.replace(/^To reach/, 'reaches')})` : 'Publish a message to the topic',
      tabs: [...tab('AWS CLI', publish.cli), ...tab('JavaScript', publish.js), ...tab('Python', publish.python)],
      notes: publish.notes,
      ...(publish.bodyFile ? { bodyFile: publish.bodyFile } : {}),
    };
  const subscribe = handsOn.subscribe[0];
  if (subscribe) return { title: subscribeTitle(subscribe.title), tabs: tab('AWS CLI', subscribe.cli), notes: subscribe.notes };
  return undefined;
}

/**
 * What the subscribe command does, in words: "Subscribe an SQS queue to the topic, as
 * warehouse-picking.fifo does", not the subscription's protocol key and endpoint ("sqs
 * warehouse-picking.fifo"), nor "Subscribe to the topic, like the SQS queue …", which read as if
 * the reader subscribed the queue itself.
 */
function subscribeTitle(subscription: string): string {
  const space = subscription.indexOf(' ');
  const protocol = space < 0 ? subscription : subscription.slice(0, space);
  const endpoint = space < 0 ? '' : shortEndpoint(subscription.slice(space + 1));
  const label = Object.hasOwn(PROTOCOL_LABELS, protocol) ? PROTOCOL_LABELS[protocol] : undefined;
  if (!label) return endpoint ? `Subscribe to the topic, as ${endpoint} does` : 'Subscribe to the topic';
  // "an SQS queue", "an HTTPS endpoint", "a Lambda function": the article as the label is read aloud.
  const article = /^(HTTP|SMS|SQS|E-mail)/.test(label) ? 'an' : 'a';
  return `Subscribe ${article} ${label} to the topic${endpoint ? `, as ${endpoint} does` : ''}`;
}
