/**
 * A message's content is made once per build and copied for its second showing. A message is
 * shown on its own page and inline on the page of each operation that sends or receives it: the
 * same facts, schema tables and examples, only under other anchors (`payload.id` on its page,
 * `messages-<slug>.payload.id` on an operation's). Making it (schema rows, example values) is a
 * pure function of the document, the message and its location; so the content made first is kept
 * untouched, and its next showing is a copy with its anchors moved under the new prefix.
 *
 * Bounded: an entry is let go at its first reuse (most messages are shown twice: on their page
 * and on their one operation's), so the memo holds the messages shown once so far, never every
 * message's content for the whole build.
 */
import type { Location } from '../lib/diagnostics/diagnostic.ts';
import type { Fact, PageSection } from '../lib/model/page-types.ts';
import { mechanismOn } from './switches.ts';

/** What a message shows wherever it is shown (page-message.ts, messageContent). */
export interface MessageContent {
  facts: Fact[];
  sections: PageSection[];
  /** The message with its traits applied: the document's values, never changed by a page. */
  value: Record<string, unknown>;
  origin: Record<string, Location>;
}

interface Kept {
  message: Record<string, unknown>;
  anchorPrefix: string;
  content: MessageContent;
}

export class MessageContentMemo {
  readonly #kept = new Map<string, Kept>();

  /** The content of `message` (written at `at`) under `anchorPrefix`: made by `make`, or copied from its first showing. */
  contentOf(message: Record<string, unknown>, at: Location, anchorPrefix: string, make: () => MessageContent): MessageContent {
    const key = `${at.file}#${at.pointer}`;
    const kept = this.#kept.get(key);
    // The same object at the same place: a message whose place was read anew is made anew.
    if (kept && kept.message === message) {
      this.#kept.delete(key);
      return underPrefix(kept.content, kept.anchorPrefix, anchorPrefix);
    }
    const content = make();
    // Kept as made: the page's own copy is highlighted, and emptied once written.
    this.#kept.set(key, { message, anchorPrefix, content: underPrefix(content, anchorPrefix, anchorPrefix) });
    return content;
  }
}

/** A memo, or none when the mechanism is off (APIDESC_PERF_OFF=message-memo). */
export const messageContentMemo = (): MessageContentMemo | undefined => (mechanismOn('message-memo') ? new MessageContentMemo() : undefined);

/**
 * A copy of `content` whose anchors are under `to` instead of `from`. Every anchor of a message's
 * content starts with its prefix and a dot (page-message.ts, and schema-rows.ts builds each row's
 * anchor from its table's); an empty prefix (the message's own page) has neither.
 */
export function underPrefix(content: MessageContent, from: string, to: string): MessageContent {
  const move = (anchor: string): string => {
    const rest = from === '' ? anchor : anchor.slice(from.length + 1);
    return to === '' ? rest : `${to}.${rest}`;
  };
  const sections = copied(content.sections);
  if (from !== to)
    for (const section of sections) {
      if ('anchor' in section) section.anchor = move(section.anchor);
      if (section.type !== 'schema') continue;
      for (const row of section.rows) {
        row.anchor = move(row.anchor);
        if (row.backReference) row.backReference.anchor = move(row.backReference.anchor);
        if (row.repeatOf) row.repeatOf.anchor = move(row.repeatOf.anchor);
      }
    }
  return { facts: copied(content.facts), sections, value: content.value, origin: content.origin };
}

/** A deep copy of page data (arrays, plain objects and primitives): structuredClone costs about as much as making the content. */
function copied<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copied) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copied((value as Record<string, unknown>)[key]);
    // A key `__proto__` (a document's example may hold one) stays a key, as JSON.stringify writes it.
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}
