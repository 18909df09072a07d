/**
 * A change as the Changes page says it: who must act first (for a breaking change of a message,
 * its receivers or its senders), then what changed with the value before and after shown apart
 * (`address changed: "audit" → "audit-v2"`: the old value struck, the new one marked), then the
 * consequence as a sentence of its own. Read from diff's message, which already writes both sides
 * of a change as `old → new` and its consequence after a colon.
 */

/** A piece of the change's first part: text, or the value before or after the arrow. */
export interface ChangePiece {
  kind: 'text' | 'old' | 'new';
  text: string;
}

export interface ChangeWords {
  /** What changed, its old and new values apart where the message gives them. */
  what: ChangePiece[];
  /** Why it matters ("clients still using \"audit\" stop sending and receiving its messages"), when the message says. */
  consequence?: string;
}

/** A value as diff writes one: a quoted string (with its escapes), or a word. Alternatives ("integer | null") are one value. */
const VALUE = String.raw`(?:"(?:[^"\\]|\\.)*"|[^\s"]+?)`;
const VALUES = String.raw`${VALUE}(?: \| ${VALUE})*`;
/** `old → new`, the new value ending at a space, a colon and space, a semicolon, a comma or the end. */
const ARROW = new RegExp(String.raw`(${VALUES}) → (${VALUES})(?=: |; |, | \(|$)`);

export function changeWords(message: string): ChangeWords {
  const arrow = ARROW.exec(message);
  if (!arrow) {
    // "payload.status: new value "x"; receivers … reject …", "subscription … removed: it stops …".
    const cut =
      outside(message, 0, (at) => message.startsWith('; ', at)) ??
      outside(message, 0, (at) => message.startsWith(': ', at) && ENDS_WHAT.test(message.slice(0, at)));
    if (cut === undefined) return { what: [{ kind: 'text', text: message }] };
    return { what: [{ kind: 'text', text: message.slice(0, cut) }], consequence: message.slice(cut + 2) };
  }
  const [whole, before, after] = arrow as unknown as [string, string, string];
  const end = arrow.index + whole.length;
  const rest = message.slice(end);
  const lead = message.slice(0, arrow.index);
  const what: ChangePiece[] = [
    ...(lead !== '' ? [{ kind: 'text' as const, text: lead }] : []),
    { kind: 'old', text: before },
    { kind: 'text', text: ' → ' },
    { kind: 'new', text: after },
  ];
  if (rest.startsWith(': ') || rest.startsWith('; ')) return { what, consequence: rest.slice(2) };
  if (rest !== '') what.push({ kind: 'text', text: rest });
  return { what };
}

/** A word that ends what changed, before the colon of its consequence ("removed: it stops …"). */
const ENDS_WHAT = /\b(?:removed|added|required|optional|deleted|renamed)$/;

/**
 * The first place from `from` on, outside quotes, parentheses and brackets, where `at` holds: a
 * "; " inside "(… more characters; … has it whole)" or "[breaking by this project's setting …;
 * the rule says …]" is part of a note, not where the consequence starts.
 */
function outside(text: string, from: number, at: (index: number) => boolean): number | undefined {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && i >= from && at(i)) return i;
  }
  return undefined;
}

/**
 * Who a breaking change of a message breaks, the lead of its entry: the side its effect reaches
 * (`breaks`: a new enum value breaks the receivers, even of a message also sent), else by its
 * direction (diff's usage). A message under a declared policy has no lead.
 */
export function breaksWhom(direction: string | null, breaks?: string): string | undefined {
  if (direction !== 'send' && direction !== 'receive' && direction !== 'both') return undefined;
  if (breaks === 'receivers' || breaks === 'senders' || breaks === 'senders and receivers') return `Breaks its ${breaks}`;
  switch (direction) {
    case 'send':
      return 'Breaks its receivers';
    case 'receive':
      return 'Breaks its senders';
    case 'both':
      return 'Breaks its senders and receivers';
    default:
      return undefined;
  }
}
