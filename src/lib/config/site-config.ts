/**
 * The optional site configuration (`apidesc-docs.config.json`, `.yaml`/`.yml` or `.mjs` in the
 * working folder, or `--config <file>`): what every field means, and its validation into
 * problems that name the field, what was expected and how to fix it.
 */
import type { Ajv, ErrorObject } from 'ajv';
import type { Problem } from '../diagnostics/diagnostic.ts';
import type { SeverityOverrides } from '../diff/severity-overrides.ts';
import { lazyModule } from '../../perf/lazy-module.ts';
import { TRY_IT_EXPECTED, TRY_IT_SCHEMA, type TryItConfig } from '../try-it/try-it-config.ts';

export type SidebarGrouping = 'tag' | 'channel' | 'none';

export interface FooterLink {
  label: string;
  href: string;
}

/** The configuration as written (paths relative to the config file's folder). */
export interface SiteConfig {
  title?: string;
  logo?: string;
  favicon?: string;
  base?: string;
  site?: string;
  guides?: string;
  sidebar?: SidebarGrouping;
  accentColor?: string | { light: string; dark: string };
  footerLinks?: FooterLink[];
  editLink?: string;
  /** Where images in descriptions may load from (the pages' Content-Security-Policy `img-src`, besides the site itself); default any https URL. */
  imageSources?: string[];
  /** The languages of the code samples on operation pages, in tab order (src/lib/samples); default JavaScript, Python and Shell. */
  codeSamples?: { languages?: ('javascript' | 'python' | 'go' | 'java' | 'shell')[] };
  /** `diff` and `build --compare`: this project's severity for some rules (src/lib/diff/severity-overrides.ts). */
  diffSeverity?: SeverityOverrides;
  /** Operation pages of these servers get a form that sends and receives from the reader's browser (src/lib/try-it). */
  tryIt?: TryItConfig;
  /** A folder whose subfolders are the older versions of the documents (`build` builds them as `--versions` builds tags). */
  versionFolders?: string;
}

const COLOR = '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$';

/** One entry per field: the JSON Schema of its value, and the sentence shown when it is wrong. */
const FIELDS: Record<keyof SiteConfig, { schema: object; expected: string }> = {
  title: { schema: { type: 'string', minLength: 1, maxLength: 200 }, expected: 'a non-empty text (the site name in the header and in every page title)' },
  logo: {
    schema: { type: 'string', pattern: '\\.(svg|png|jpe?g|webp|gif)$' },
    expected: 'the path of an .svg, .png, .jpg, .webp or .gif file, relative to the config file',
  },
  favicon: { schema: { type: 'string', pattern: '\\.(svg|png|ico)$' }, expected: 'the path of an .svg, .png or .ico file, relative to the config file' },
  // A site path only: `//host/` and `/\\host/` are read by browsers as another host.
  base: { schema: { type: 'string', pattern: '^/(?![/\\\\])[^\\\\\\s?#]*$' }, expected: 'a path of the site starting with a single /, e.g. "/api/"' },
  site: { schema: { type: 'string', pattern: '^https?://[^/\\s]+(/\\S*)?$' }, expected: 'an http(s) origin, e.g. "https://docs.example.com"' },
  guides: { schema: { type: 'string', minLength: 1 }, expected: 'the folder of the Markdown and MDX guides, relative to the config file' },
  sidebar: {
    schema: { enum: ['tag', 'channel', 'none'] },
    expected: '"tag" (items grouped by their first tag), "channel" (operations and messages under their channel) or "none"',
  },
  accentColor: {
    schema: {
      anyOf: [
        { type: 'string', pattern: COLOR },
        {
          type: 'object',
          required: ['light', 'dark'],
          additionalProperties: false,
          properties: { light: { type: 'string', pattern: COLOR }, dark: { type: 'string', pattern: COLOR } },
        },
      ],
    },
    expected: 'a hex colour such as "#0b7285", or {"light": "#0b7285", "dark": "#66d9e8"} for the two themes',
  },
  footerLinks: {
    schema: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        required: ['label', 'href'],
        additionalProperties: false,
        properties: {
          label: { type: 'string', minLength: 1 },
          href: {
            type: 'string',
            pattern: '^(?:https?://[^/\\\\\\s][^\\\\\\s]*|mailto:[^\\\\\\s]+|/(?![/\\\\])[^\\\\\\s]*|\\.{1,2}/[^\\\\\\s]*|#[^\\\\\\s]*)$',
          },
        },
      },
    },
    expected: 'a list of {"label": "…", "href": "https://…"} (href: an http(s) URL, mailto:, a path of the site such as /guides/ (not //host), or #anchor)',
  },
  imageSources: {
    schema: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', pattern: '^(?:https:|https://(?:\\*\\.)?[A-Za-z0-9.-]+(?::[0-9]+)?(?:/[A-Za-z0-9._~/%-]*)?)$' },
    },
    expected:
      'a list of image sources for descriptions, each "https:" (any https URL, the default) or an https origin such as "https://img.shields.io"; [] allows only the site\'s own images',
  },
  codeSamples: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { languages: { type: 'array', uniqueItems: true, items: { enum: ['javascript', 'python', 'go', 'java', 'shell'] } } },
    },
    expected:
      '{"languages": [...]}: the languages of the code samples, in tab order, among "javascript", "python", "go", "java" and "shell" ([] shows only an operation\'s own x-codeSamples)',
  },
  diffSeverity: {
    schema: {
      type: 'object',
      maxProperties: 500,
      propertyNames: { pattern: '^[a-z][a-z0-9-]*$' },
      additionalProperties: { enum: ['breaking', 'non-breaking', 'info'] },
    },
    expected: 'rules of `apidesc-docs diff` with the severity this project gives them, e.g. {"security-alternative-added": "breaking"}',
  },
  tryIt: { schema: TRY_IT_SCHEMA, expected: TRY_IT_EXPECTED },
  versionFolders: {
    schema: { type: 'string', minLength: 1 },
    expected:
      'the folder whose subfolders hold the older versions of the documents (one subfolder per version, named by it, e.g. versions/v1.0.0/), relative to the config file',
  },
  editLink: {
    schema: { type: 'string', pattern: '^https?://.*\\{path\\}' },
    expected: 'a URL with {path} (the file, relative to the config file) and optionally {line}, e.g. "https://github.com/acme/api/edit/main/{path}#L{line}"',
  },
};

export const CONFIG_FIELDS = Object.keys(FIELDS) as (keyof SiteConfig)[];

const schema = { type: 'object', additionalProperties: false, properties: Object.fromEntries(Object.entries(FIELDS).map(([k, f]) => [k, f.schema])) };
let compiled: ReturnType<Ajv['compile']> | undefined;
/** ajv itself (about 20 ms to load) only once a configuration has something to check. */
const ajvModule = lazyModule<typeof import('ajv')>('ajv');

/** How a field is named in messages: `title` in a file; the command line names its flags. */
export type FieldNamer = (field: keyof SiteConfig) => string;
export const fieldInFile: FieldNamer = (field) => `\`${field}\``;

/** Problems of a configuration value; `file` is where it was read from. */
export function checkSiteConfig(value: unknown, file: string, name: FieldNamer = fieldInFile): Problem[] {
  // Nothing to check (no file, no flags): skip compiling the schema, a noticeable part of a small `validate`.
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0) return [];
  if (onlyValidPatterns(value)) return [];
  compiled ??= new (ajvModule().Ajv)({ allErrors: true, strict: false }).compile(schema);
  if (compiled(value)) return [];
  const problems = new Map<string, Problem>();
  for (const error of compiled.errors ?? []) {
    const problem = describe(error, file, name);
    // One problem per field: a wrong colour fails both branches of its anyOf.
    const field = problem.at.pointer.split('/')[1] ?? '';
    if (!problems.has(field)) problems.set(field, problem);
  }
  return [...problems.values()];
}

/** Each field whose schema is a string of a pattern and nothing else, and that pattern as ajv compiles it (`u`: ajv's unicodeRegExp). */
const PATTERN_FIELDS = new Map(
  Object.entries(FIELDS).flatMap(([field, { schema }]) => {
    const { type, pattern, ...rest } = schema as { type?: unknown; pattern?: unknown };
    return type === 'string' && typeof pattern === 'string' && Object.keys(rest).length === 0 ? [[field, new RegExp(pattern, 'u')] as const] : [];
  }),
);

/**
 * Whether `value` holds only fields of PATTERN_FIELDS, each a string its pattern matches: then
 * the schema has nothing to say, and ajv (loading it and compiling the schema took about a tenth
 * of a second) is not needed. The flags a build passes itself (`base`, `site`: each version's
 * build of `build --versions`) are such a value; anything else is checked by the schema.
 */
function onlyValidPatterns(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([field, v]) => {
    const pattern = PATTERN_FIELDS.get(field);
    return pattern !== undefined && typeof v === 'string' && pattern.test(v);
  });
}

function describe(error: ErrorObject, file: string, name: FieldNamer): Problem {
  if (error.instancePath === '' && error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return {
      code: 'config-unknown-field',
      severity: 'error',
      message: `unknown field \`${extra}\` in the configuration`,
      hint: `Fields: ${CONFIG_FIELDS.join(', ')}.`,
      at: { file, pointer: `/${escapeToken(extra)}` },
      atKey: true,
    };
  }
  if (error.instancePath === '') {
    return {
      code: 'config-type',
      severity: 'error',
      message: 'the configuration must be an object of fields',
      hint: `Fields: ${CONFIG_FIELDS.join(', ')}.`,
      at: { file, pointer: '' },
    };
  }
  const field = error.instancePath.split('/')[1] as keyof SiteConfig;
  const spec = FIELDS[field];
  return {
    code: 'config-invalid',
    severity: 'error',
    message: `${name(field)} must be ${spec.expected}`,
    hint: 'Fix the value, or remove the field to use the default (the manual, docs/manual/configuration.md).',
    at: { file, pointer: error.instancePath },
  };
}

const escapeToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
