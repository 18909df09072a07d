/**
 * The regular expressions of the code highlighter's grammars, kept between builds.
 *
 * shiki's JavaScript engine translates each Oniguruma pattern of a TextMate grammar into a
 * JavaScript RegExp (oniguruma-to-es) the first time a rule is tried: about 0.2 s of processor
 * time for each thread that highlights, whatever the size of the site, most of what highlighting
 * a small site costs, and on the model process's critical path. The translations are written to a
 * file in the package's node_modules/.cache and handed to the engine as its cache (its `cache`
 * option: pattern → RegExp), so that a later build only compiles what it has not seen before.
 *
 * Only plain RegExps are kept, as their source and flags, which give the same RegExp back.
 * Patterns oniguruma-to-es emulates (its RegExp subclass, with state of its own) and patterns it
 * refuses are translated anew each time. The file is named after what decides a translation:
 * the translator's code, the engine's options and the JavaScript engine running it. A file that
 * cannot be read or written is ignored: the highlighter then translates as it would without it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mechanismOn } from './switches.ts';

/** A kept translation: the Oniguruma pattern, and the source and flags of its RegExp. */
type Kept = [pattern: string, source: string, flags: string];

/** Bumped whenever what the file holds changes meaning. */
const RECIPE = 1;

/** Translations of one process (or thread), read from `file` and written back with what it added. */
export class RegexCache {
  /** What the engine reads and fills: pattern → its RegExp (or the error it gave). */
  readonly patterns = new Map<string, RegExp | Error>();
  readonly #file: string | undefined;
  /** Patterns the file held when it was read (or last written). */
  readonly #kept = new Set<string>();

  constructor(file?: string) {
    this.#file = file;
    if (file) for (const [pattern, regex] of readKept(file)) this.#keep(pattern, regex);
  }

  /** Writes the file again when this process translated patterns it did not hold; never throws. */
  save(): void {
    const file = this.#file;
    if (!file) return;
    const added = [...this.patterns].filter((entry): entry is [string, RegExp] => !this.#kept.has(entry[0]) && isPlainRegExp(entry[1]));
    if (added.length === 0) return;
    try {
      // What another process wrote meanwhile is kept too.
      const entries = new Map<string, Kept>(readKept(file).map(([pattern, regex]) => [pattern, [pattern, regex.source, regex.flags]]));
      for (const [pattern, regex] of added) entries.set(pattern, [pattern, regex.source, regex.flags]);
      mkdirSync(dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      writeFileSync(temp, JSON.stringify({ recipe: RECIPE, kept: [...entries.values()] }));
      renameSync(temp, file);
      for (const [pattern] of added) this.#kept.add(pattern);
    } catch {
      // A read-only install translates on every run.
    }
  }

  #keep(pattern: string, regex: RegExp): void {
    this.patterns.set(pattern, regex);
    this.#kept.add(pattern);
  }
}

/** The translations in `file`, each made a RegExp again; none when the file is missing, unreadable or not this recipe's. */
function readKept(file: string): [string, RegExp][] {
  let kept: unknown;
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as { recipe?: unknown; kept?: unknown };
    if (read.recipe !== RECIPE) return [];
    kept = read.kept;
  } catch {
    return [];
  }
  if (!Array.isArray(kept)) return [];
  const out: [string, RegExp][] = [];
  for (const entry of kept as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3 || !entry.every((part) => typeof part === 'string')) continue;
    const [pattern, source, flags] = entry as Kept;
    try {
      out.push([pattern, new RegExp(source, flags)]);
    } catch {
      // Written by a JavaScript engine that knew syntax this one does not: translated again.
    }
  }
  return out;
}

/** A RegExp itself, not oniguruma-to-es's subclass (which carries state its source and flags do not). */
function isPlainRegExp(value: RegExp | Error): value is RegExp {
  return value instanceof RegExp && Object.getPrototypeOf(value) === RegExp.prototype;
}

/** The engine's function that translates a pattern (shiki's defaultJavaScriptRegexConstructor). */
type Translate = (pattern: string) => RegExp;

/**
 * The file for the translations of `translate` (the engine's RegExp constructor, whose code
 * holds its options): named after that code, the translator's own code (oniguruma-to-es, as the
 * engine resolves it) and the JavaScript engine, whose features decide what it emits.
 */
export function regexCacheFile(translate: Translate): string | undefined {
  try {
    const engine = createRequire(import.meta.url).resolve('@shikijs/engine-javascript');
    const translator = createRequire(engine).resolve('oniguruma-to-es');
    const hash = createHash('sha256')
      .update(String(RECIPE))
      .update(translate.toString())
      .update(readFileSync(translator))
      .update(process.versions.v8)
      .digest('hex')
      .slice(0, 16);
    return fileURLToPath(new URL(`../../node_modules/.cache/apidesc-docs/shiki-regex-${hash}.json`, import.meta.url));
  } catch {
    return undefined;
  }
}

let cache: RegexCache | undefined;

/** This process's (or thread's) translations: read from their file at the first call, unless the mechanism is off. */
export function regexCache(translate: Translate): RegexCache {
  cache ??= new RegexCache(mechanismOn('regex-cache') ? regexCacheFile(translate) : undefined);
  return cache;
}

/** Keeps what this process translated for the next build; call once its code is highlighted. Never throws. */
export function keepRegexTranslations(): void {
  cache?.save();
}
