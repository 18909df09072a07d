/**
 * "SNS" in what a reader reads: the AWS service is said in capitals in a sentence, a page's, a
 * Markdown twin's or a diagnostic's. The binding's key `sns`, the protocol value `sns` (a badge, a
 * search filter, a twin's list of protocols), code, ARNs (`arn:aws:sns:…`), hosts
 * (`sns.amazonaws.com`), actions (`sns:Publish`), the CLI's `aws sns …` and rule ids
 * (`sns-filter-…`) keep the lowercase they are written in.
 */
import { unescapeText } from '../src/lib/html-text.ts';

/** "sns" standing alone as a word: not a piece of an ARN, a host, an action, an id or a path, nor quoted. */
const WORD = /(?<![\w.:/#`"'-])sns(?![\w.:/`"'-])/g;
/** Lowercase "sns" where it names a key or a value, not the service. */
const KEY_CONTEXTS = [
  // The binding and its objects, named by the binding's key ("sns binding version", "sns Consumer",
  // "the sns Server Binding Object", "the sns server and message bindings").
  /\bsns(?= (?:\w+ )?(?:(?:and \w+ )?[Bb]indings?|Consumer)\b)/g,
  // The CLI's service name.
  /\baws sns\b/g,
  // A list of protocols (a twin's "· https, sns", "— sns, sqs"): the protocol values as written.
  /(?<=(?:^|[·—,]) ?)sns(?=,|\s*$)/gm,
  // A diagram's server box, captioned with its protocol ("server · sns").
  /(?<=\bserver · )sns\b/g,
];

/** Each lowercase "sns" of `prose` used as a word, with the words around it. */
export function lowercaseSns(prose: string): string[] {
  let text = prose;
  for (const context of KEY_CONTEXTS) text = text.replace(context, (m) => m.replace(/sns/, '<key>'));
  return [...text.matchAll(WORD)].map((m) => text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' '));
}

/** A page's words as a reader reads them (a diagram's too): without its code, its keys' cells and its protocol values. */
export function pageProse(html: string): string {
  const words = html
    // A server's protocols after its host.
    .replace(/(?<=<\/code>)<span class="kind">[^<]*<\/span>/g, ' ')
    .replace(/<(code|pre|script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    // A value tree's keys (the definition of a binding: `sns`, `name`, …).
    .replace(/<th scope="row"[^>]*>[^<]*<\/th>/g, ' ')
    // Protocol values: the badges and the search filters.
    .replace(/<span class="badge[^"]*">[^<]*<\/span>/g, ' ')
    .replace(/<span data-pagefind-filter="protocol:[^"]*">[^<]*<\/span>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return unescapeText(words);
}

/** A Markdown twin's words: without its code blocks and inline code. */
export function twinProse(markdown: string): string {
  // Read as rendered: a backslash escape (`sns\://`, escaped so that no renderer links it) is the character it escapes.
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
