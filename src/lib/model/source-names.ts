/**
 * The names under which a document's files are published in `source/`. Only data is published,
 * under a name no browser runs: a file whose name does not end in `.yaml`, `.yml` or `.json` (a
 * `$ref` may name `schema.html`, which parses as YAML) gets its format's extension appended
 * (`schema.html.yaml`), so that a static host serves it as data and never as a page on the
 * docs' origin. Folders are kept, so that relative `$ref`s between files that kept their names
 * still work after download; two files never share a published name.
 */
import type { SourceFormat } from '../load/parse.ts';

const DATA_NAME = /\.(ya?ml|json)$/i;

/** Published path (relative to `source/`) of each file, given its path relative to the root. */
export function publishedSourceNames(files: readonly { rel: string; format: SourceFormat }[]): string[] {
  const used = new Set<string>();
  return files.map(({ rel, format }) => {
    const extension = format === 'json' ? '.json' : '.yaml';
    const safe = DATA_NAME.test(rel) ? rel : rel + extension;
    return unique(safe, used, extension);
  });
}

/** The name of the whole document bundled into one JSON file, unlike every published name. */
export function bundledName(rootPublished: string, single: boolean, published: readonly string[]): string {
  const stem = rootPublished.replace(DATA_NAME, '');
  return unique(stem + (single ? '.json' : '.bundled.json'), new Set(published), '.json');
}

function unique(name: string, used: Set<string>, extension: string): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = name.replace(DATA_NAME, '') + `-${n}${extension}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/** A published path as a URL path: each segment percent-encoded (`#`, `?` and `%` are legal in file names). */
export function sourceUrl(published: string): string {
  return 'source/' + published.split('/').map(encodeURIComponent).join('/');
}
