/**
 * What an sns operation's page offers to try and to copy (issue 24): the filter tester's data
 * and the publish and subscribe snippets. Types only, shared by the model and the components.
 */
import type { Scope } from '../sns/filter-policy.ts';
import type { AttributeEnums } from '../sns/tester-enums.ts';
import type { TesterResult } from '../sns/tester-result.ts';

export interface Snippet {
  code: string;
  lang: 'shell' | 'javascript' | 'python';
  /** Highlighted, added before rendering (src/lib/highlight/highlight-page.ts). */
  html?: string;
}

/** A message to start the tester from: an example of one of the operation's messages. */
export interface TesterExample {
  label: string;
  /** JSON text: attribute name → value. */
  attributes: string;
  /** JSON text of the body. */
  body: string;
}

export interface TesterSubscription {
  /** "sqs billing-orders.fifo". */
  name: string;
  /** Anchor of the subscription's card on the page. */
  anchor?: string;
  /** The page of the operation that declares it, when the tester is elsewhere (a guide). */
  url?: string;
  scope: Scope;
  /** The filter policy as the document writes it, JSON text; none: the subscription takes every message. */
  policy?: string;
  /** Why AWS refuses the policy, in words (filter-lint.ts); the tester says the policy is invalid instead of testing it. */
  invalid?: string;
  /** Why AWS refuses the subscription itself (a FIFO topic's, not to an SQS queue); the tester says so instead of testing it. */
  refused?: string;
  /** The result of the message the form starts from (the first example), shown before the reader tests another. */
  initial: TesterResult;
}

export interface TesterView {
  /** At least one: the first is the message the form starts from. */
  examples: TesterExample[];
  subscriptions: TesterSubscription[];
  /** Subscriptions beyond those tested here. */
  more: number;
  /** The values the messages' headers allow, by header (tester-enums.ts): an attribute outside them is said not to pass the message schema. */
  enums?: AttributeEnums;
  /** What the pre-filled example's attributes hold outside those values, in sentences. */
  outside?: string[];
}

/** A subscription a published message reaches, with the filter it passes (bare values put in lists, JSON text); none: it takes every message. */
export interface Reached {
  /** "sqs billing-orders.fifo": an ARN by its resource name. */
  name: string;
  /** The endpoint whole, where the name shortens it (`arn:aws:sqs:eu-west-1:123456789012:billing-orders.fifo`). */
  endpoint?: string;
  filter?: { scope: Scope; policy: string };
}

export interface PublishVariant {
  /** "To reach sqs billing-orders.fifo and sqs shipping-orders.fifo", or "To reach every subscription". */
  title: string;
  /** The subscriptions the message reaches: one message for several when the same one passes their filters. */
  reaches: Reached[];
  notes: string[];
  /**
   * The file the commands read the message body from: the payload of the example the page shows
   * ("example twoItems" or "generated example", and its message's title), offered for download beside the commands, so that the
   * payload is written once on the page.
   */
  bodyFile?: { name: string; text: string; example: string; message: string };
  cli?: Snippet;
  js?: Snippet;
  python?: Snippet;
}

/** A subscription of the topic no published message reaches: AWS refuses it or its filter policy, or the policy never matches. */
export interface Unreachable {
  /** "sqs shipping-orders.fifo". */
  name: string;
  /** The endpoint whole, where the name shortens it. */
  endpoint?: string;
  /** "AWS refuses this filter policy: …", "AWS refuses this subscription: …" (sns.ts verdictLine). */
  line: string;
  /** AWS refuses the subscription or its policy (it cannot be created), rather than taking a policy that never matches. */
  refused: boolean;
  /** The anchor of the callout that says why, in the subscription's card on the same page (this operation's own subscription). */
  why?: string;
}

export interface SubscribeSnippet {
  title: string;
  anchor?: string;
  notes: string[];
  cli: Snippet;
}

export interface SnsHandsOn {
  tester?: TesterView;
  /** The commands that publish the first message (its first example). */
  publish: PublishVariant[];
  /** An operation of several messages: the commands for each (the first is `publish`), each under the message's title. */
  publishMessages?: { title: string; publish: PublishVariant[] }[];
  publishMore: number;
  /** Subscriptions of the topic no command here reaches, with why (at most as many as the commands shown). */
  unreachable: Unreachable[];
  subscribe: SubscribeSnippet[];
  subscribeMore: number;
  /** Where this application publishes: how the reader, who receives, subscribes a queue of their own to the topic. */
  receive?: SubscribeSnippet;
  /** The topic is FIFO with content-based deduplication: the publish commands send no deduplication id, and say why. */
  deduplicatesByContent?: true;
  /** Placeholders the snippets use (`<account-id>`), to say what to put there. */
  placeholders: string[];
  /** A request with a reply: where the reply comes back (not on the topic the commands publish to). */
  replyWhere?: string;
}
