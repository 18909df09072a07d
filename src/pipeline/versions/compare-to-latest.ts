/**
 * A page per older version against the newest, `/<version>/changes-to-latest/`: what a reader
 * still on that version must know to move to the newest, across every version between. `diff`
 * compares the two (diffSides, its rules and direction-aware verdicts), the Changes page's view
 * groups them (changesView), changes-article.ts writes them; the page is that version's home page
 * with its content replaced, so its header, switcher and navigation are that version's. Beside
 * it, its Markdown twin (`index.md`, the Changes page's twin with this page's words), announced by
 * the page and listed in the version's `llms.txt`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';
import { diffSides, type SideInput } from '../../lib/diff/compare-inputs.ts';
import { hasErrors } from '../../lib/diagnostics/diagnostic.ts';
import type { ResolvedDoc } from '../../lib/resolve/resolved-doc.ts';
import { openDocument } from '../../lib/validate/validate-document.ts';
import { sideFiles } from '../../lib/diff/compare-sides.ts';
import { displayPath } from '../../lib/diagnostics/to-diagnostic.ts';
import { defaultLimits } from '../../lib/load/limits.ts';
import { changesView } from '../../site/changes-view.ts';
import { changesTwin } from '../../site/twins/changes-twin.ts';
import { codeSpan, escapeInline, heading, markdownLink } from '../../site/twins/markdown-text.ts';
import { twinPath } from '../../site/twins/twin-links.ts';
import type { SiteChanges } from '../../site/site-data-types.ts';
import type { BuildOptions } from '../build-options.ts';
import { replaceFile } from '../cache/build-cache.ts';
import { changesToLatestArticle, type ComparedSides } from './changes-article.ts';

/** The page's folder in each older version. */
export const TO_LATEST_URL = 'changes-to-latest/';

/** A side of the comparison: its documents and the folder its files are named from on the page. */
export interface ComparedInput {
  input: string;
  /** The version's files are shown relative to it (`api/orders.yaml`, as the repository has them), never a temporary folder. */
  root: string;
}

/** The path of `file` inside `folder`, with `/`; undefined when outside. */
function inside(file: string, folder: string): string | undefined {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : undefined;
}

/** A side as diff reads it: its files, shown relative to the version's root. */
function sideOf(c: ComparedInput, cwd: string): SideInput {
  const display = (file: string): string => inside(file, c.root) ?? displayPath(file, cwd);
  const { files, folder } = sideFiles(c.input, cwd, display);
  return { files, ...(folder ? { folder } : {}), display, root: c.root };
}

/**
 * The newest version's side, its documents opened once for every older version's comparison
 * with it (each comparison read, resolved and modelled them again: a tenth of adding a version).
 * A document that cannot be opened cleanly is not handed over: each comparison then reads it as
 * before and says why it could not compare.
 */
export interface OpenedInput extends ComparedInput {
  side: SideInput;
}

export async function openComparedInput(c: ComparedInput, options: BuildOptions, cwd: string): Promise<OpenedInput> {
  const side = sideOf(c, cwd);
  const opened: ResolvedDoc[] = [];
  for (const file of side.files) {
    const read = await openDocument(file, {
      limits: options.limits ?? defaultLimits,
      allowRemoteRefs: options.allowRemoteRefs ?? false,
      cwd,
      root: c.root,
    });
    if (!read.doc || hasErrors(read.diagnostics)) return { ...c, side };
    opened.push(read.doc);
  }
  return { ...c, side: { ...side, opened } };
}

/** Whether a side's opened documents met a `$ref` they could not resolve (they are resolved as they are followed). */
export const metUnresolved = (c: OpenedInput): boolean => (c.side.opened ?? []).some((doc) => doc.problems.some((p) => p.severity === 'error'));

/** `from` compared with `to` by diff, as the Changes page's view; undefined when a side cannot be read. */
export async function compareVersions(
  from: ComparedInput,
  to: ComparedInput | OpenedInput,
  label: string,
  options: BuildOptions,
  cwd: string,
): Promise<SiteChanges | undefined> {
  const toSide = 'side' in to ? to.side : sideOf(to, cwd);
  const outcome = await diffSides(sideOf(from, cwd), toSide, {
    limits: options.limits ?? defaultLimits,
    allowRemoteRefs: options.allowRemoteRefs ?? false,
    cwd,
    pages: true,
    // Both versions were built, and so validated.
    validate: false,
  });
  // Documents shared between comparisons keep what an earlier one failed to resolve: a
  // comparison that meets such a side is made again from the files, exactly as it would have
  // been alone (the caller then stops sharing them: metUnresolved).
  if ('side' in to && metUnresolved(to)) return compareVersions(from, { input: to.input, root: to.root }, label, options, cwd);
  if (outcome.unreadable) return undefined;
  const name = (file: string, which: ComparedInput): string => (/^https?:/i.test(file) ? file : (inside(file, which.root) ?? file));
  const report = { ...outcome.report, changes: outcome.report.changes.map((c) => ({ ...c, file: name(c.file, c.side === 'base' ? from : to) })) };
  const [base] = outcome.versions?.base ?? [];
  const [head] = outcome.versions?.head ?? [];
  const oneEach = outcome.versions?.base.length === 1 && outcome.versions.head.length === 1;
  return changesView(report, label, oneEach && base !== undefined && head !== undefined ? { base, head } : undefined);
}

/** The page's title: what it compares. */
const pageTitle = (sides: ComparedSides): string => `Changes from ${sides.from.label} to the newest (${sides.to.label})`;

/**
 * Writes `<folder>/changes-to-latest/index.html`: the version's home page (`frame`) with its
 * content, title and links made this page's; its twin `index.md`; and the twin's line in the
 * version's `llms.txt`.
 */
export function writeToLatestPage(folder: string, changes: SiteChanges, sides: ComparedSides, portal: boolean): void {
  const home = join(folder, 'index.html');
  if (!existsSync(home)) return;
  const frame = readFileSync(home, 'utf8');
  const start = frame.indexOf('<main id="content">');
  const end = frame.lastIndexOf('</main>');
  if (start < 0 || end < start) return;
  const title = `${sides.from.label} compared with the newest`;
  const twinUrl = `${sides.from.root}${twinPath(TO_LATEST_URL)}`;
  const html = `${frame.slice(0, start)}<main id="content">${changesToLatestArticle(changes, sides, portal)}${frame.slice(end)}`
    .replace(/<title>([\s\S]*?)<\/title>/, (_, old: string) => `<title>${escapeHtml(title)} · ${old.replace(/^[^·]*· /, '')}</title>`)
    // The home page's Markdown twin and canonical address are not this page's.
    .replace(/<link rel="alternate" type="text\/markdown" href="[^"]*">/, '')
    .replace(/<\/head>/, `<link rel="alternate" type="text/markdown" href="${escapeAttribute(twinUrl)}"></head>`)
    .replace(/(<link rel="canonical" href=")([^"]*)(")/, (_, a: string, url: string, b: string) => `${a}${escapeAttribute(`${url}${TO_LATEST_URL}`)}${b}`)
    .replace(/ aria-current="page"/g, '');
  mkdirSync(join(folder, TO_LATEST_URL), { recursive: true });
  writeFileSync(join(folder, TO_LATEST_URL, 'index.html'), html);
  writeFileSync(
    join(folder, TO_LATEST_URL, 'index.md'),
    changesTwin(changes, sides.to.root, portal, {
      title: escapeInline(pageTitle(sides)),
      intro: `What a reader of ${codeSpan(sides.from.label)} must know to move to the newest: every change between the two, whichever versions came between, as \`apidesc-docs diff\` reports them.`,
      inBase: `in ${escapeInline(sides.from.label)}: removed`,
      html: { text: pageTitle(sides), url: `${sides.from.root}${TO_LATEST_URL}` },
    }),
  );
  const llms = join(folder, 'llms.txt');
  if (existsSync(llms)) {
    const { counts } = changes;
    const summary = changes.unavailable ? 'not compared' : `${counts.breaking} breaking, ${counts['non-breaking']} non-breaking, ${counts.info} wording only`;
    const line = `- ${markdownLink(pageTitle(sides), twinUrl)}: ${summary}`;
    replaceFile(llms, `${readFileSync(llms, 'utf8').trimEnd()}\n\n${heading(2, 'Compared with the newest')}\n\n${line}\n`);
  }
}
