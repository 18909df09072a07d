/**
 * What a host site (Starlight or plain Astro) writes in its configuration to add the reference of
 * its APIs: the documents, and the path their pages live under. Read once, when the host's
 * configuration is set up; a mistake is said in words, not as a type error at run time.
 */
import { checkSiteConfig, type SiteConfig } from '../../lib/config/site-config.ts';
import type { SampleLanguage } from '../../lib/samples/generators.ts';

/** The options of `apidescDocs({ … })` in a host's astro.config.mjs. */
export interface ReferenceOptions {
  /**
   * The documents: a file or folder (every document with an `apidesc` root key inside it), or a
   * list of them, relative to the host's root folder. Several documents make a reference of
   * several APIs, each under its own path below `base`.
   * @example 'api/'
   */
  documents: string | string[];
  /**
   * The path of the reference below the host's own base: its pages are `/<base>/…`.
   * @default 'reference'
   */
  base?: string;
  /**
   * Build the reference even when a document has errors: every page then carries a banner, and
   * each finding is shown on the page it concerns (as `apidesc-docs build --allow-invalid`).
   * Without it, an error stops the host's build.
   * @default false
   */
  allowInvalid?: boolean;
  /**
   * Also report schema content that contradicts itself (examples that do not match their schema,
   * defaults of the wrong type) as errors, as `apidesc-docs validate --strict`.
   * @default false
   */
  strict?: boolean;
  /**
   * Compare the documents with a base, as `apidesc-docs build --compare` (a document or folder,
   * relative to the host's root folder) or `--compare-ref` (a git ref, when no such file exists):
   * the reference then has a Changes page, and each changed page a badge.
   * @example 'main'
   */
  compare?: string;
  /**
   * The code samples of operation pages, as the configuration's `codeSamples` of
   * `apidesc-docs build`: the languages generated, in tab order (`[]`: only an operation's own
   * `x-codeSamples`).
   * @example { languages: ['python'] }
   */
  codeSamples?: { languages?: SampleLanguage[] };
}

/** The options once read: documents as a list, the base without slashes at either end. */
export interface ResolvedReferenceOptions {
  documents: string[];
  base: string;
  allowInvalid: boolean;
  strict: boolean;
  compare?: string;
  sampleLanguages?: SampleLanguage[];
}

/** The options checked and filled in, or what is wrong with them (a sentence for the host's log). */
export function resolveReferenceOptions(options: unknown): ResolvedReferenceOptions | { problem: string } {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    return { problem: "apidescDocs() needs its options: apidescDocs({ documents: 'api/' })" };
  const { documents, base = 'reference', allowInvalid = false, strict = false, compare, codeSamples } = options as Record<string, unknown>;
  const list = typeof documents === 'string' ? [documents] : documents;
  if (!Array.isArray(list) || list.length === 0 || !list.every((d): d is string => typeof d === 'string' && d.trim() !== ''))
    return { problem: "apidescDocs(): `documents` names the documents: a file or folder, or a list of them (e.g. documents: 'api/')" };
  if (typeof base !== 'string') return { problem: "apidescDocs(): `base` is the path of the reference (e.g. base: 'reference')" };
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  // Path segments of letters, digits, `-`, `_` and `.`: the base is written into every page's URL.
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(trimmed) || trimmed.split('/').some((s) => s === '.' || s === '..'))
    return {
      problem: `apidescDocs(): base ${JSON.stringify(base)} is not a path: use segments of letters, digits, '-', '_' and '.' (e.g. 'reference' or 'docs/api')`,
    };
  if (typeof allowInvalid !== 'boolean') return { problem: 'apidescDocs(): `allowInvalid` is true or false' };
  if (typeof strict !== 'boolean') return { problem: 'apidescDocs(): `strict` is true or false' };
  if (compare !== undefined && (typeof compare !== 'string' || compare.trim() === ''))
    return { problem: "apidescDocs(): `compare` names the base to compare with: a document or folder, or a git ref (e.g. compare: 'main')" };
  // The configuration file's own check, so that the host and `apidesc-docs build` accept the same values.
  const samples = codeSamples === undefined ? [] : checkSiteConfig({ codeSamples }, 'apidescDocs()', (field) => `\`${field}\``);
  if (samples[0]) return { problem: `apidescDocs(): ${samples[0].message}` };
  const languages = (codeSamples as SiteConfig['codeSamples'])?.languages;
  return {
    documents: list,
    base: trimmed,
    allowInvalid,
    strict,
    ...(compare !== undefined ? { compare } : {}),
    ...(languages ? { sampleLanguages: languages } : {}),
  };
}
