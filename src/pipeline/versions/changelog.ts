/**
 * The changelog of `build --versions`: every version, newest first, each with what it changed
 * since the version before, as its own Changes page says it (each version is built compared with
 * the one before, so that page exists, grouped by object with whom a change breaks, in the words
 * of src/site/change-words.ts, its links into that version's pages). The changelog is made of
 * those pages, not rendered again:
 *
 *   changelog/index.html   the root's Changes page as the frame, its article replaced by the timeline
 *   changelog/index.md     its Markdown twin, made of the versions' `changes/index.md`
 *   changelog.xml          an Atom feed of the released versions, dated by their commits
 *
 * Everything here is made from the versions' own files and their commits: the same inputs give
 * the same bytes.
 */
import { escapeAttribute, escapeHtml } from '../../lib/html-text.ts';

/** One version as the changelog shows it. */
export interface ChangelogVersion {
  label: string;
  /** Its root URL (`/v1.2.0/`, `/`). */
  root: string;
  /** The commit's date, YYYY-MM-DD; none for the working tree. */
  date?: string;
  commit?: string;
  /** Its Changes page (HTML), when it was compared with the version before. */
  changesHtml?: string;
  /** Its Changes page's Markdown twin. */
  changesMarkdown?: string;
  /** Its page against the newest (an older version's). */
  toLatest?: string;
  /** The working tree holds the documents of this version (the newest tag's label): its changes are that version's, said once. */
  sameAs?: string;
}

export const CHANGELOG_URL = 'changelog/';
export const FEED_FILE = 'changelog.xml';

const ARTICLE = /<article class="changes-page"[^>]*>([\s\S]*?)<\/article>/;

/** The counts a Changes page shows: breaking, non-breaking, wording only. */
export function changeCounts(html: string): { breaking: number; nonBreaking: number; info: number } | undefined {
  const count = (cls: string): number | undefined => {
    const match = new RegExp(`<span class="badge ${cls}"[^>]*>(\\d+) `).exec(html);
    return match ? Number(match[1]) : undefined;
  };
  const breaking = count('change-breaking');
  if (breaking === undefined) return undefined;
  return { breaking, nonBreaking: count('change-changed') ?? 0, info: count('change-info') ?? 0 };
}

/** An anchor for a version: letters, digits, `.`, `-` and `_`. */
export const versionAnchor = (label: string): string => `version-${label.replace(/[^A-Za-z0-9._-]/g, '-')}`;

/**
 * A Changes page's article as a part of the changelog: its title dropped (the version's heading
 * stands for it), its headings one level down, its ids and the links to them prefixed by the
 * version's anchor (each version's page has the same ids).
 */
function changesSection(html: string, anchor: string, label: string): string {
  const inner = ARTICLE.exec(html)?.[1];
  if (inner === undefined) return '<p class="changes-empty">This version\'s Changes page could not be read.</p>';
  return (
    inner
      .replace(/<h1[^>]*>[\s\S]*?<\/h1>/, '')
      // Each version's page has the same regions ("Breaking", an object's): as one page, they are groups, not landmarks named twice.
      .replace(/<section\b([^>]*)>/g, (_, attributes: string) => `<div${attributes.replace(/\s*aria-labelledby="[^"]*"/, '')}>`)
      .replace(/<\/section>/g, '</div>')
      .replace(/aria-label="Changes by severity"/g, () => `aria-label="Changes of ${escapeHtml(label)} by severity"`)
      .replace(/<(\/?)h([2-5])\b/g, (_, slash: string, level: string) => `<${slash}h${Number(level) + 1}`)
      .replace(/\b(id|aria-labelledby)="([^"]*)"/g, (_, name: string, value: string) => `${name}="${anchor}-${value}"`)
      .replace(/href="#([^"]*)"/g, (_, value: string) => `href="#${anchor}-${value}"`)
  );
}

/** The timeline as HTML (the article of the changelog page). */
export function changelogArticle(versions: readonly ChangelogVersion[], title: string): string {
  const newestFirst = [...versions].reverse();
  const toc = newestFirst.map(
    (v) => `<li><a href="#${versionAnchor(v.label)}">${escapeHtml(v.label)}</a>${v.date ? ` <time datetime="${v.date}">${v.date}</time>` : ''}</li>`,
  );
  const sections = newestFirst.map((v) => {
    const anchor = versionAnchor(v.label);
    const dated = v.date ? ` <span class="kind">of <time datetime="${v.date}">${v.date}</time></span>` : '';
    const links = `<p class="kind"><a href="${escapeAttribute(v.root)}">The pages of ${escapeHtml(v.label)}</a>${v.changesHtml ? ` · <a href="${escapeAttribute(`${v.root}changes/`)}">its Changes page</a>` : ''}${v.toLatest ? ` · <a href="${escapeAttribute(v.toLatest)}">compared with the newest</a>` : ''}</p>`;
    const body = v.sameAs
      ? `<p class="changes-empty">The same documents as ${escapeHtml(v.sameAs)}: its changes are listed under it.</p>`
      : v.changesHtml
        ? changesSection(v.changesHtml, anchor, v.label)
        : '<p class="changes-empty">The first version on the timeline: nothing to compare it with.</p>';
    return `<section class="changelog-version" aria-labelledby="${anchor}"><h2 id="${anchor}">${escapeHtml(v.label)}${dated}</h2>${links}${body}</section>`;
  });
  return (
    `<article class="changes-page changelog" data-pagefind-ignore="all"><h1>Changelog of ${escapeHtml(title)}</h1>` +
    `<p>Every version, newest first, with what it changed since the one before: breaking, non-breaking and wording changes, by object and by whom they concern. <a href="${escapeAttribute(FEED_FILE)}">Subscribe to the versions (Atom)</a>.</p>` +
    `<nav aria-label="Versions"><ol class="changelog-toc">${toc.join('')}</ol></nav>${sections.join('')}</article>`
  );
}

/** The changelog page: `frame` (the root's Changes page) with its article, title and links replaced. */
export function changelogPage(frame: string, article: string, title: string, root: string): string {
  return frame
    .replace(ARTICLE, () => article)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>Changelog · ${escapeHtml(title)}</title>`)
    .replace(
      /(<link rel="alternate" type="text\/markdown" href=")[^"]*(")/,
      (_, a: string, b: string) => `${a}${escapeAttribute(`${root}${CHANGELOG_URL}index.md`)}${b}`,
    )
    .replace(/(<link rel="canonical" href="[^"]*?)changes\/(")/, (_, a: string, b: string) => `${a}${CHANGELOG_URL}${b}`)
    .replace(/ aria-current="page"/g, '')
    .replace(/<span aria-current="page">Changes<\/span>/, '<span aria-current="page">Changelog</span>')
    .replace(
      /<a href="[^"]*changes\/">Changes<\/a> <span class="count">\(\d+\)<\/span>/,
      (link) => `${link}</div><div class="section"><a href="${escapeAttribute(`${root}${CHANGELOG_URL}`)}" aria-current="page">Changelog</a>`,
    );
}

/** The Markdown twin of the changelog. */
export function changelogMarkdown(versions: readonly ChangelogVersion[], title: string): string {
  const lines = [`# Changelog of ${title}`, '', 'Every version, newest first, with what it changed since the one before.', ''];
  for (const v of [...versions].reverse()) {
    lines.push(`## ${v.label}${v.date ? ` (${v.date})` : ''}`, '', `The pages of this version: <${v.root}>`, '');
    if (v.toLatest) lines.push(`Compared with the newest: <${v.toLatest}index.md>`, '');
    if (v.sameAs) {
      lines.push(`The same documents as ${v.sameAs}: its changes are listed under it.`, '');
      continue;
    }
    if (!v.changesMarkdown) {
      lines.push('The first version on the timeline: nothing to compare it with.', '');
      continue;
    }
    // The twin's own title is the version's heading here; its headings go one level down.
    const body = v.changesMarkdown
      .split('\n')
      .filter((line, i) => !(i === 0 && line.startsWith('# ')))
      .map((line) => (/^#{2,5} /.test(line) ? `#${line}` : line));
    lines.push(...body, '');
  }
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The Atom feed of the released versions (those with a commit), newest first. Ids are the
 * versions' commits, dates their commits' dates: a feed reader sees a version once, and a
 * rebuild changes nothing. `origin` (the `site` option) makes the links absolute, as feed readers need.
 */
export function changelogFeed(versions: readonly ChangelogVersion[], title: string, origin: string | undefined, root: string): string {
  const released = [...versions].filter((v) => v.commit !== undefined && v.date !== undefined).reverse();
  const absolute = (path: string): string => (origin ? new URL(path, origin).href : path);
  const updated = released[0]?.date ?? '1970-01-01';
  const entries = released.map((v) => {
    const counts = v.changesHtml ? changeCounts(v.changesHtml) : undefined;
    const summary = counts
      ? `${counts.breaking} breaking, ${counts.nonBreaking} non-breaking, ${counts.info} wording only`
      : v.changesHtml
        ? 'Compared with the version before.'
        : 'The first version on the timeline.';
    return [
      '  <entry>',
      `    <title>${xml(v.label)}</title>`,
      `    <id>urn:apidesc-docs:commit:${v.commit}</id>`,
      `    <updated>${v.date}T00:00:00Z</updated>`,
      `    <link href="${xml(absolute(`${root}${CHANGELOG_URL}#${versionAnchor(v.label)}`))}"/>`,
      `    <summary>${xml(summary)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(`${title}: versions`)}</title>`,
    `  <id>urn:apidesc-docs:changelog:${xml(encodeURIComponent(title))}</id>`,
    `  <updated>${updated}T00:00:00Z</updated>`,
    `  <link href="${xml(absolute(`${root}${CHANGELOG_URL}`))}"/>`,
    '  <author><name>apidesc-docs</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
