/**
 * The one snippet a guide's step shows under an operation's card: the first half of its code
 * samples (src/lib/samples: send or receive on its channel), else, for an sns operation, the
 * command that publishes its first message or creates its first subscription (sns-hands-on.ts).
 * The reference page keeps the others (every language, every filter, every subscription).
 */
import type { Page } from '../../lib/model/page-types.ts';
import { fillInSentence } from '../../lib/model/sample-fill-in.ts';
import type { PublishVariant, Snippet } from '../../lib/model/sns-hands-on-types.ts';
import { PROTOCOL_LABELS } from '../../lib/model/sns.ts';

export interface Runnable {
  title: string;
  /** `caption`: the client library of a generated sample, named in its panel (CodeTabs.astro). */
  tabs: { label: string; code: string; html?: string | undefined; caption?: string | undefined }[];
  notes: string[];
  /** The file an sns publish command reads its body from (BodyFile.astro): offered beside it, as on the operation's page. */
  bodyFile?: PublishVariant['bodyFile'];
}

const tab = (label: string, snippet: Snippet | undefined) => (snippet ? [{ label, code: snippet.code, html: snippet.html }] : []);

export function runnableOf(page: Page): Runnable | undefined {
  for (const section of page.sections) {
    if (section.type !== 'code-samples') continue;
    const first = section.groups.find((g) => g.samples.length > 0);
    if (first)
      return {
        title: first.title,
        tabs: first.samples.map((s) => ({ label: s.label, caption: s.library, code: s.code, html: s.html })),
        notes: [...(first.fillIn ? [fillInSentence(first.fillIn)] : []), ...first.notes],
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
 * What the subscribe command does, in words: "Subscribe to the topic, like the SQS queue
 * warehouse-picking.fifo", not the subscription's protocol key and endpoint ("sqs warehouse-picking.fifo").
 */
function subscribeTitle(subscription: string): string {
  const space = subscription.indexOf(' ');
  const protocol = space < 0 ? subscription : subscription.slice(0, space);
  const label = PROTOCOL_LABELS[protocol];
  if (!label) return `Subscribe to the topic, like ${subscription}`;
  return `Subscribe to the topic, like the ${label}${space < 0 ? '' : subscription.slice(space)}`;
}
