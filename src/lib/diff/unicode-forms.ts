/**
 * Names that differ only by Unicode normalisation read the same and are different bytes: `café`
 * written with U+00E9 (the composed form, NFC) and with `e` + U+0301 (the decomposed form, NFD, as
 * macOS writes file names). A property "removed" and one "added" under what looks like one name, an
 * address "changed" to itself: a reviewer would take the change for a glitch. A change whose text
 * holds such a name says so at the end of its message, with the code points of each form, in every
 * output (text, JSON, SARIF, Markdown, the Changes page), since they all print the message.
 */
import type { Change } from './types.ts';

/** Runs of letters, marks and digits: the part of a name where a composed and a decomposed form differ. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
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

function formName(text: string): string {
  if (text === text.normalize('NFC')) return 'NFC';
  return text === text.normalize('NFD') ? 'NFD' : 'neither NFC nor NFD';
}

/** The words of a change that a reader sees, the message's first (its forms are listed in the order it has them). */
function words(change: Change): string[] {
  return [change.message, change.object, change.api].flatMap((text) => text.match(WORD) ?? []);
}

/** What the change's message says about one name written in several forms, or in a form other than NFC. */
function note(forms: string[], here: string[]): string {
  const shown = JSON.stringify(forms[0]!.normalize('NFC'));
  const described = (list: string[]): string => list.map((f) => `${codePoints(f)} (${formName(f)})`).join(', ');
  if (forms.length === 1)
    return `${shown} is written in the Unicode form ${formName(forms[0]!)}, ${codePoints(forms[0]!)}, not NFC (${codePoints(forms[0]!.normalize('NFC'))})`;
  if (here.length > 1) return `${shown} is written with different Unicode forms (${here.map(formName).join(' vs ')}): ${described(here)}; the bytes differ`;
  const elsewhere = forms.filter((f) => f !== here[0]);
  return `${shown} is written here with another Unicode form than elsewhere in this review (${[...here, ...elsewhere].map(formName).join(' vs ')}): ${described(here)} here, ${described(elsewhere)} elsewhere; the bytes differ`;
}

/**
 * The changes, each whose text holds a name written in several Unicode forms across the review, or
 * in a form other than NFC, with a note saying so after its message. Changes of text already in NFC
 * throughout (almost every review) come back as they were.
 */
export function withUnicodeForms(changes: Change[]): Change[] {
  const normal = (text: string): boolean => text === text.normalize('NFC');
  if (changes.every((c) => normal(c.api) && normal(c.object) && normal(c.message))) return changes;
  // Every form of each name in the review, in order of first appearance.
  const forms = new Map<string, string[]>();
  for (const change of changes) {
    for (const word of words(change)) {
      const key = word.normalize('NFC');
      const known = forms.get(key) ?? [];
      if (!known.includes(word)) known.push(word);
      forms.set(key, known);
    }
  }
  return changes.map((change) => {
    const here = new Map<string, string[]>();
    for (const word of words(change)) {
      const key = word.normalize('NFC');
      const all = forms.get(key)!;
      if (all.length === 1 && normal(word)) continue;
      const seen = here.get(key) ?? [];
      if (!seen.includes(word)) seen.push(word);
      here.set(key, seen);
    }
    if (here.size === 0) return change;
    const notes = [...here].slice(0, NOTED).map(([key, seen]) => note(forms.get(key)!, seen));
    const more = here.size > NOTED ? `; and ${here.size - NOTED} more names so` : '';
    return { ...change, message: `${change.message} (Unicode: ${notes.join('; ')}${more})` };
  });
}
