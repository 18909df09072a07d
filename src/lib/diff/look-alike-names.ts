/**
 * Names that read the same and are different bytes. `café` written with U+00E9 (the composed
 * form, NFC) and with `e` + U+0301 (the decomposed form, NFD, as macOS writes file names);
 * `status` and `sta\u200btus` (a zero-width space); `order placed` with a no-break space;
 * `paypal` and `pаypal` (a Cyrillic а). A property "removed" and one "added" under what looks like
 * one name, an address "changed" to itself: a reviewer would take the change for a glitch, or miss
 * a spoof. A change whose text holds such a name says so after its message, with the code points
 * of each spelling, in every output (text, JSON, SARIF, Markdown, the Changes page), since they
 * all print the message.
 */
import type { Change } from './types.ts';

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens, variation selectors, bidirectional controls). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const INVISIBLES = /\p{Default_Ignorable_Code_Point}/gu;
/** Spaces that look like U+0020 and are not. */
const OTHER_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/;
const OTHER_SPACES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/**
 * A name as far as it can hide a difference: letters, marks, digits and invisible characters,
 * joined by spaces other than U+0020.
 */
const WORD =
  /[\p{L}\p{M}\p{N}\p{Default_Ignorable_Code_Point}]+(?:[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000][\p{L}\p{M}\p{N}\p{Default_Ignorable_Code_Point}]+)*/gu;
/** The scripts whose letters pass for one another (а and a, ο and o, р and p). */
const SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
] as const;
/** Names a note describes at most, for a change that quotes thousands of values. */
const NOTED = 3;

/** `caf\u00e9`, `cafe\u0301`: every character outside printable ASCII as its code point. */
export function codePoints(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    out += code >= 0x20 && code < 0x7f ? c : code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** What a reader sees: composed, invisible characters gone, every space a space. */
function skeleton(word: string): string {
  return word.replace(INVISIBLES, '').replace(OTHER_SPACES, ' ').normalize('NFC');
}

/** The scripts among Latin, Greek and Cyrillic whose letters a word mixes (none or one: not mixed). */
function scripts(word: string): string[] {
  return SCRIPTS.filter(([, script]) => script.test(word)).map(([name]) => name);
}

/** Whether a word hides something on its own, twin or not. */
function odd(word: string): boolean {
  return word !== word.normalize('NFC') || INVISIBLE.test(word) || OTHER_SPACE.test(word) || scripts(word).length > 1;
}

function formName(text: string): string {
  if (text === text.normalize('NFC')) return 'NFC';
  return text === text.normalize('NFD') ? 'NFD' : 'neither NFC nor NFD';
}

/** What makes a spelling what it is: its Unicode form when the spellings differ by it, what else it holds. */
function traits(word: string, forms: boolean): string {
  const out: string[] = forms ? [formName(word)] : [];
  if (INVISIBLE.test(word)) out.push('an invisible character');
  if (OTHER_SPACE.test(word)) out.push('a space other than U+0020');
  const mixed = scripts(word);
  if (mixed.length > 1) out.push(`${mixed.join(' and ')} letters`);
  return out.join(', ') || 'as it reads';
}

/** What the change's message says about one name: `spellings` of it in the review, `here` those the change shows. */
function note(spellings: string[], here: string[]): string {
  const shown = JSON.stringify(skeleton(here[0]!));
  // The spellings differ only by Unicode normalisation: say so in those words.
  const byForm = spellings.some((s) => s !== s.normalize('NFC'));
  const onlyForms = byForm && spellings.every((s) => s.replace(INVISIBLES, '').replace(OTHER_SPACES, ' ') === s && scripts(s).length < 2);
  const described = (list: string[]): string => list.map((s) => `${codePoints(s)} (${traits(s, byForm)})`).join(', ');
  const ways = onlyForms ? 'with different Unicode forms' : 'in different ways that read the same';
  const labels = (list: string[]): string => list.map((s) => traits(s, byForm)).join(' vs ');
  if (spellings.length === 1) {
    const [word] = spellings as [string];
    if (onlyForms) return `${shown} is written in the Unicode form ${formName(word)}, ${codePoints(word)}, not NFC (${codePoints(word.normalize('NFC'))})`;
    return `${shown} is written ${codePoints(word)} (${traits(word, byForm)})`;
  }
  if (here.length > 1) return `${shown} is written ${ways} (${labels(here)}): ${described(here)}; the bytes differ`;
  const elsewhere = spellings.filter((s) => s !== here[0]);
  return `${shown} is written here ${onlyForms ? 'with another Unicode form' : 'another way'} than elsewhere in this review (${labels([...here, ...elsewhere])}): ${described(here)} here, ${described(elsewhere)} elsewhere; the bytes differ`;
}

/** The words of a change that a reader sees, the message's first (its spellings are listed in the order it has them). */
function words(change: Change): string[] {
  return [change.message, change.object, change.api].flatMap((text) => text.match(WORD) ?? []);
}

/** Whether `text` may hold a look-alike: a quick test that lets nearly every review through untouched. */
function suspect(text: string): boolean {
  return text !== text.normalize('NFC') || INVISIBLE.test(text) || OTHER_SPACE.test(text) || /[\p{Script=Greek}\p{Script=Cyrillic}]/u.test(text);
}

/**
 * The changes, each whose text holds a name spelt in several ways that read the same across the
 * review, or spelt in a way that hides something (another Unicode form than NFC, an invisible
 * character, a space other than U+0020, Latin mixed with Greek or Cyrillic letters), with a note
 * saying so after its message. Changes of plain text (almost every review) come back as they were.
 */
export function withLookAlikeNotes(changes: Change[]): Change[] {
  if (!changes.some((c) => suspect(c.api) || suspect(c.object) || suspect(c.message))) return changes;
  // Every spelling of each name in the review, in order of first appearance.
  const spellings = new Map<string, string[]>();
  for (const change of changes) {
    for (const word of words(change)) {
      const key = skeleton(word);
      const known = spellings.get(key) ?? [];
      if (!known.includes(word)) known.push(word);
      spellings.set(key, known);
    }
  }
  return changes.map((change) => {
    const here = new Map<string, string[]>();
    for (const word of words(change)) {
      const key = skeleton(word);
      if (spellings.get(key)!.length === 1 && !odd(word)) continue;
      const seen = here.get(key) ?? [];
      if (!seen.includes(word)) seen.push(word);
      here.set(key, seen);
    }
    if (here.size === 0) return change;
    const notes = [...here].slice(0, NOTED).map(([key, seen]) => note(spellings.get(key)!, seen));
    const more = here.size > NOTED ? `; and ${here.size - NOTED} more names so` : '';
    return { ...change, message: `${change.message} (Unicode: ${notes.join('; ')}${more})` };
  });
}
