/**
 * The regular expressions of shiki's grammars, converted once per installation rather than in
 * every process that highlights.
 *
 * shiki's JavaScript engine turns each Oniguruma pattern of a grammar into a JavaScript RegExp
 * (oniguruma-to-es) the first time a rule is scanned: for the grammars a generated document's code
 * samples use, about 360 patterns and 0.3 s of processor time, the same in every build. What the
 * conversion gives is plain data: the RegExp's source and flags, and for the patterns it emulates
 * an EmulatedRegExp's `rawOptions` ("can be used to serialize the instance", oniguruma-to-es).
 * Kept in a file, a pattern becomes the same RegExp without being parsed again: `new RegExp` of a
 * RegExp's own source and flags matches exactly as it did (ECMA-262's EscapeRegExpPattern), and an
 * EmulatedRegExp is made from its pattern, flags and options as oniguruma-to-es's own `toRegExp`
 * makes it. A pattern shiki cannot convert goes to shiki every time, and fails as it did.
 *
 * Keyed by the converter's version, V8's version (the conversion's target, 'auto', is what this
 * Node supports) and shiki's constructor, so a new install or Node converts anew. Written when the
 * process exits, merged with what another process wrote since; a read-only install converts as
 * before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';

/** A converted pattern: what makes its RegExp again. */
interface Converted {
  source: string;
  flags: string;
  /** An EmulatedRegExp's options; absent for a plain RegExp. */
  options?: EmulatedRegExp['rawOptions'];
}

type Patterns = Record<string, Converted>;

export function grammarRegexCacheFile(): string {
  // The package exports no package.json: its CommonJS entry is dist/cjs/index.js.
  const entry = createRequire(import.meta.url).resolve('oniguruma-to-es');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', '..', 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(`${version}\0${process.versions.v8}\0${defaultJavaScriptRegexConstructor.toString()}`).digest('hex').slice(0, 16);
  // Beside the folder of the tool's bundles, not in it: that folder may be the build cache, which
  // refuses files that a version of the tool before this one does not know.
  return fileURLToPath(new URL(`../../node_modules/.cache/apidesc-docs-grammars/regex-${key}.json`, import.meta.url));
}

function read(file: string): Patterns {
  try {
    const patterns: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof patterns === 'object' && patterns !== null && !Array.isArray(patterns)) return patterns as Patterns;
  } catch {
    // None yet, or unreadable: converted anew.
  }
  return {};
}

/** The RegExp a converted pattern stands for. */
export function regexOf(converted: Converted): RegExp {
  return converted.options ? new EmulatedRegExp(converted.source, converted.flags, converted.options) : new RegExp(converted.source, converted.flags);
}

/** What makes `regex` again (regexOf). */
export function converted(regex: RegExp): Converted {
  return regex instanceof EmulatedRegExp || 'rawOptions' in regex
    ? { source: regex.source, flags: regex.flags, options: (regex as EmulatedRegExp).rawOptions }
    : { source: regex.source, flags: regex.flags };
}

/**
 * A `regexConstructor` for shiki's JavaScript engine that reads the patterns converted before
 * from `file` and adds the ones it converts when the process exits.
 */
export function cachedRegexConstructor(file = grammarRegexCacheFile()): (pattern: string) => RegExp {
  const known = read(file);
  const added: Patterns = {};
  let saving = false;
  return (pattern) => {
    const kept = Object.hasOwn(known, pattern) ? known[pattern] : undefined;
    const rebuilt = kept ? rebuiltOrNothing(kept) : undefined;
    if (rebuilt) return rebuilt;
    const regex = defaultJavaScriptRegexConstructor(pattern);
    added[pattern] = known[pattern] = converted(regex);
    if (!saving) {
      saving = true;
      process.once('exit', () => save(file, added));
    }
    return regex;
  };
}

/** A damaged entry (edited, truncated, from another version) is converted anew, never trusted. */
function rebuiltOrNothing(kept: Converted): RegExp | undefined {
  if (typeof kept !== 'object' || kept === null || typeof kept.source !== 'string' || typeof kept.flags !== 'string') return undefined;
  try {
    return regexOf(kept);
  } catch {
    return undefined;
  }
}

function save(file: string, added: Patterns): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    // The model process and its highlight worker may both write: a temporary file of each thread's own.
    const temp = `${file}.${process.pid}.${threadId}.tmp`;
    writeFileSync(temp, JSON.stringify({ ...read(file), ...added }));
    renameSync(temp, file);
  } catch {
    // A read-only install converts on each run, as without the cache.
  }
}
