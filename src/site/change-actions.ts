/**
 * What a client must change for a breaking change, where the change's kind (its rule) says one:
 * "Use the address "audit-v2" instead of "audit"", "Stop sending `payload.note`". Derived from the
 * rule and the values diff's message names (change-words.ts reads them), never written per change.
 * Every kind of change that can break has a line (KIND_ACTIONS, checked against diff's list of
 * rules by its test): where the message names no value to quote, the kind's own advice.
 */
import type { BrokenSide } from '../lib/diff/types.ts';
import { changeWords } from './change-words.ts';

export interface ActionInput {
  rule: string;
  message: string;
  /** Whom it breaks, when its effect says. */
  breaks?: BrokenSide | string | undefined;
}

/** The schema path a schema change's message starts with (`payload.status: …`), if any. */
const PATH = /^((?:payload|headers)(?:[.[][^\s:]*)?): /;
/** The first `code` name in a message: the property a schema change is about. */
const NAMED = /`([^`]+)`/;
/** The quoted values of a message's part ("new values "held", "lost""). */
const quotedIn = (text: string): string[] => text.match(/"(?:[^"\\]|\\.)*"/g) ?? [];

/** A field as the reader's code names it: the message's path, with the property under it. */
function fieldOf(message: string): { path?: string; field?: string } {
  const path = PATH.exec(message)?.[1];
  const named = NAMED.exec(message)?.[1];
  const field = named !== undefined ? (path ? `${path}.${named}` : named) : path;
  return { ...(path ? { path } : {}), ...(field ? { field } : {}) };
}

/** A change to a message's content, as the side it breaks must answer it. */
const CONTENT = (breaks: ActionInput['breaks']): string =>
  breaks === 'senders'
    ? 'Send messages that match the new schema.'
    : breaks === 'receivers'
      ? 'Accept messages of the new schema when you read them.'
      : 'Check your code against the new schema, as a sender and as a receiver.';

/**
 * What to change for each kind of change that can break, where its message names no value to
 * quote: one sentence a client acts on. The schema kinds of JSON Schema, Avro and Protobuf are
 * answered by whom they break (CONTENT).
 */
const KIND_ACTIONS: Readonly<Record<string, (breaks: ActionInput['breaks']) => string>> = {
  'api-removed': () => 'Stop using this API: it is no longer published.',
  'default-content-type-changed': () => 'Encode and decode messages with the new default content type.',
  'server-removed': () => 'Connect to one of the servers that remain.',
  'server-host-changed': () => 'Connect with the new host.',
  'server-protocol-changed': () => 'Connect with the new protocol.',
  'server-protocol-version-changed': () => 'Connect with the new protocol version.',
  'server-pathname-changed': () => 'Connect with the new path.',
  'server-variable-added': () => 'Set the new server variable when you connect.',
  'server-variable-removed': () => 'Stop setting the removed server variable.',
  'value-removed': () => 'Use one of the values that remain.',
  'value-restricted': () => 'Use one of the values still allowed.',
  'default-changed': () => 'Set the value yourself if you relied on the old default.',
  'parameter-location-changed': () => 'Read the parameter from its new location.',
  'channel-removed': () => 'Stop sending to and receiving from this channel.',
  'channel-address-changed': () => 'Send to and receive from the new address.',
  'channel-parameter-added': () => 'Fill in the new parameter of the address.',
  'channel-parameter-removed': () => 'Stop filling in the removed parameter of the address.',
  'channel-server-removed': () => 'Reach this channel on the servers it still lists.',
  'operation-removed': () => 'Stop relying on this operation: the API no longer does it.',
  'operation-action-changed': () => 'Swap sides: send where you received, or receive where you sent.',
  'operation-channel-changed': () => 'Use the operation’s new channel.',
  'operation-message-added': (breaks) => CONTENT(breaks),
  'operation-message-removed': () => 'Stop sending or expecting the removed message on this operation.',
  'operation-reply-removed': () => 'Stop waiting for a reply: none is sent any more.',
  'operation-reply-address-changed': () => 'Listen for replies at the new reply address.',
  'operation-reply-channel-changed': () => 'Listen for replies on the new reply channel.',
  'message-added': (breaks) => CONTENT(breaks),
  'message-removed': () => 'Stop sending or expecting this message.',
  'message-policy-changed': () => 'Upgrade senders and receivers in the order the new compatibility promise allows.',
  'message-content-type-changed': () => 'Encode and decode this message with the new content type.',
  'message-name-changed': () => 'Match the message by its new name.',
  'message-correlation-id-changed': () => 'Read the correlation id from its new location.',
  'message-correlation-id-removed': () => 'Stop reading a correlation id from this message.',
  'security-added': () => 'Authenticate with the scheme the API now requires.',
  'security-alternative-removed': () => 'Authenticate with one of the schemes that remain.',
  'security-scheme-changed': () => 'Update your credentials to the changed security scheme.',
  'security-scopes-added': () => 'Request the new scopes with your token.',
  'security-flows-changed': () => 'Get tokens through the new OAuth flows.',
  'binding-removed': () => 'Stop relying on the protocol settings this binding gave.',
  'sns-topic-renamed': () => 'Publish to and subscribe on the new topic.',
  'sns-fifo-switched': () => 'Move to the recreated topic, and send or stop sending message group ids as it now requires.',
  'sns-policy-changed': () => 'Check that your account or role is still allowed to use the topic.',
  'sns-subscription-removed': () => 'Subscribe your own queue or endpoint to the topic if you relied on these deliveries.',
  'sns-filter-changed': () => 'Check which of your messages the new filter policy still lets through.',
  'sns-filter-narrowed': () => 'Send the attributes the narrower filter policy requires, or expect fewer messages.',
  'sns-raw-delivery-switched': () => 'Change the endpoint’s parser to the new delivery format.',
  'sns-dead-letter-queue-removed': () => 'Watch for failed deliveries elsewhere: they are no longer kept.',
  'config-severity-changed': () => 'Review the changes this comparison may now report as less severe.',
};

/** The kinds KIND_ACTIONS answers (for its test: every kind that can break is one). */
export const KINDS_WITH_ACTIONS: ReadonlySet<string> = new Set(Object.keys(KIND_ACTIONS));

/** Schema kinds of every schema format: answered by whom they break. */
const SCHEMA_RULE = /^(?:schema|avro|protobuf)-/;

/**
 * The action, in the Changes page's Markdown-like text (`code` spans): named from the change's
 * values where its message gives them, else the kind's own advice; undefined only for a kind
 * that cannot break.
 */
export function clientAction(change: ActionInput): string | undefined {
  const kind = Object.hasOwn(KIND_ACTIONS, change.rule) ? KIND_ACTIONS[change.rule] : undefined;
  return namedAction(change) ?? kind?.(change.breaks) ?? (SCHEMA_RULE.test(change.rule) ? CONTENT(change.breaks) : undefined);
}

/** The action naming the change's own values (the new address, the field), where the message gives them. */
function namedAction({ rule, message, breaks }: ActionInput): string | undefined {
  const words = changeWords(message);
  const before = words.what.find((p) => p.kind === 'old')?.text;
  const after = words.what.find((p) => p.kind === 'new')?.text;
  const moved = before !== undefined && after !== undefined;
  const { path, field } = fieldOf(message);
  const values = quotedIn(words.what.map((p) => p.text).join(''));
  switch (rule) {
    case 'channel-address-changed':
      return moved ? `Send to and receive from ${after} instead of ${before}.` : undefined;
    case 'server-host-changed':
    case 'server-pathname-changed':
    case 'server-protocol-changed':
    case 'server-protocol-version-changed': {
      const key = /^(\w+) /.exec(message)?.[1];
      return moved && key ? `Connect with ${key} ${after} instead of ${before}.` : undefined;
    }
    case 'server-variable-added': {
      const name = quotedIn(message)[0];
      return name ? `Set the server variable ${name}.` : undefined;
    }
    case 'operation-channel-changed':
    case 'operation-reply-channel-changed':
      return moved ? `Use the channel ${after} instead of ${before}.` : undefined;
    case 'schema-property-removed':
      if (!field) return undefined;
      return breaks === 'senders' ? `Stop sending \`${field}\`.` : breaks === 'receivers' ? `Stop relying on what \`${field}\` held before.` : undefined;
    case 'schema-required-added':
      return field && path ? `Always send \`${field}\`.` : undefined;
    case 'schema-required-removed':
      return field && path ? `Handle messages without \`${field}\`.` : undefined;
    case 'schema-enum-value-added':
      return path && values.length > 0 ? `Handle \`${path}\` ${values.join(', ')}.` : undefined;
    case 'schema-enum-value-removed':
      return path && values.length > 0 ? `Stop sending \`${path}\` ${values.join(', ')}.` : undefined;
    default:
      return undefined;
  }
}
