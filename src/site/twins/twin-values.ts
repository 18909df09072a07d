/** A page's facts and any object of the document (ObjectView) as Markdown list lines. */
import type { ObjectView } from '../../lib/model/object-view.ts';
import type { Fact, TextPart } from '../../lib/model/page-types.ts';
import type { Link } from '../../lib/model/types.ts';
import { htmlToInlineMarkdown } from './html-to-markdown.ts';
import { codeSpan, escapeInline, listItem, markdownLink } from './markdown-text.ts';
import { twinHref, twinPath } from './twin-links.ts';
import { partiesJoined } from '../../lib/model/parties-joined.ts';

/** A link to another page's twin, by its title. */
export function pageLink(link: Pick<Link, 'title' | 'url'>, root: string): string {
  return `[${escapeInline(link.title)}](${twinHref(root, link.url)})`;
}

/** Text the model worded (TextPart) as one line of Markdown: links to twins, code spans, the rest escaped. */
export function textLine(parts: TextPart[], root: string): string {
  return parts
    .map((p) => {
      const text = p.code ? codeSpan(p.text) : escapeInline(p.text);
      const linked = p.url !== undefined ? `[${text}](${twinHref(root, p.url)})` : text;
      // escapeInline trims: the spaces between the parts are kept here.
      return `${/^\s/.test(p.text) ? ' ' : ''}${linked}${/\S\s$/.test(p.text) ? ' ' : ''}`;
    })
    .join('');
}

/** `siteRoot`: the site's, for operations of other APIs of a portal a fact names (their URLs are the site's); the API's root when absent. */
export function factLines(facts: Fact[], root: string, indent = '', siteRoot = root): string[] {
  return facts.flatMap((fact) => listItem([`**${escapeInline(fact.label)}:** ${factValue(fact, root, siteRoot)}`], indent));
}

function factValue(fact: Fact, root: string, siteRoot: string): string {
  const parts: string[] = [];
  if (fact.link) parts.push(pageLink(fact.link, root));
  if (fact.links) parts.push(fact.links.map((l) => pageLink(l, root)).join(' or '));
  if (fact.parties) {
    const named = fact.parties.map((p) =>
      p.apiTitle === undefined ? pageLink(p, root) : `[${escapeInline(p.title)}](${siteRoot}${twinPath(p.url)}) in ${escapeInline(p.apiTitle)}`,
    );
    parts.push(partiesJoined(named, fact.text !== undefined));
  }
  if (fact.tags) parts.push(escapeInline(fact.tags.join(', ')));
  if (fact.text !== undefined && !fact.link) {
    if (fact.href) parts.push(markdownLink(fact.text, fact.href));
    else parts.push(fact.code || fact.template ? codeSpan(fact.text) : escapeInline(fact.text));
  }
  if (fact.noteHtml) parts.push(`— ${htmlToInlineMarkdown(fact.noteHtml)}`);
  return parts.join(' ') || '—';
}

/** Bounded as the view is (object-view.ts: 12 levels, 200 entries per level). */
export function objectLines(view: ObjectView, root: string, indent = ''): string[] {
  switch (view.type) {
    case 'scalar':
      return listItem([scalar(view)], indent);
    case 'markdown':
      return listItem([htmlToInlineMarkdown(view.html) || '—'], indent);
    case 'more':
      return listItem([`… and ${view.count} more`], indent);
    case 'words':
      return listItem([escapeInline(view.text)], indent);
    case 'expression':
      return listItem([expressionText(view)], indent);
    case 'link':
      return [...listItem([pageLink(view.link, root)], indent), ...(view.content ? objectLines(view.content, root, `${indent}  `) : [])];
    case 'list':
      if (view.items.length === 0) return listItem(['(empty list)'], indent);
      // An item that is an object or a list is numbered: two objects in a list must not read as one.
      return view.items.flatMap((item, i) =>
        item.type === 'map' || item.type === 'list'
          ? [...listItem([`item ${i + 1}:`], indent), ...objectLines(item, root, `${indent}  `)]
          : objectLines(item, root, indent),
      );
    case 'map':
      if (view.entries.length === 0) return listItem(['(empty)'], indent);
      return view.entries.flatMap(([key, value]) => {
        const label = `${codeSpan(key)}:`;
        if (value.type === 'scalar') return listItem([`${label} ${scalar(value)}`], indent);
        if (value.type === 'words') return listItem([`${label} ${escapeInline(value.text)}`], indent);
        if (value.type === 'expression') return listItem([`${label} ${expressionText(value)}`], indent);
        if (value.type === 'markdown') return listItem([`${label} ${htmlToInlineMarkdown(value.html)}`], indent);
        if (value.type === 'link' && !value.content) return listItem([`${label} ${pageLink(value.link, root)}`], indent);
        return [...listItem([label], indent), ...objectLines(value, root, `${indent}  `)];
      });
  }
}

function expressionText(view: Extract<ObjectView, { type: 'expression' }>): string {
  return `${escapeInline(view.words)} (${codeSpan(view.expression)})`;
}

function scalar(view: Extract<ObjectView, { type: 'scalar' }>): string {
  return codeSpan(view.text);
}
