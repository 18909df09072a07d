/**
 * What a client must change for a breaking change, where the change's kind (its rule) says one:
 * "Use the address "audit-v2" instead of "audit"", "Stop sending `payload.note`". Derived from the
 * rule and the values diff's message names (change-words.ts reads them), never written per change;
 * a kind with no migration to name (a channel removed) gets none rather than a vague one.
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

/** The action, in the Changes page's Markdown-like text (`code` spans), or undefined. */
export function clientAction({ rule, message, breaks }: ActionInput): string | undefined {
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
