/** Each kind of page section as Markdown, in the order and with the headings the page shows them. */
import {
  type BrokenReference,
  type CodeSample,
  sampleName,
  sourceLanguage,
  type InlineMessage,
  type PageSection,
  type ProtocolBinding,
  type SampleGroup,
} from '../../lib/model/page-types.ts';
import { securityLead } from '../../lib/model/security-lead.ts';
import type { SecuritySchemeView } from '../../lib/model/security-view.ts';
import { htmlToInlineMarkdown, htmlToMarkdown } from './html-to-markdown.ts';
import { codeSpan, escapeInline, fencedBlock, heading, lineStart, listItem, markdownLink } from './markdown-text.ts';
import { siteHref, twinPath } from './twin-links.ts';
import { omittedNote, schemaList } from './twin-schema.ts';
import { fillInSentence } from '../../lib/model/sample-fill-in.ts';
import { moreMessagesSentence } from '../../lib/model/more-messages.ts';
import { sharedBy } from '../../lib/portal/match-words.ts';
import { LINKS_SHOWN } from '../site-data.ts';
import { moreExamplesNote } from '../more-examples-note.ts';
import { handsOnLines, operationLines, retriesLines, topicLines } from './twin-sns.ts';
import { fanOutOfWords } from '../../lib/model/sns.ts';
import { factLines, objectLines, pageLink, textLine } from './twin-values.ts';

/**
 * A section's lines under a heading of `level` (2 on a page, deeper inside a message shown on
 * another page); `root` is the API's path (twin-links.ts), `pageUrl` the page's.
 */
export function sectionLines(section: PageSection, root: string, pageUrl: string, level = 2): string[] {
  const body = sectionBody(section, root, pageUrl, level);
  return body.length === 0 ? [] : [heading(level, escapeInline(section.heading)), '', ...body, ''];
}

function sectionBody(section: PageSection, root: string, pageUrl: string, level: number): string[] {
  const origin = 'origin' in section && section.origin ? [`From ${pageLink(section.origin, root)}.`, ''] : [];
  switch (section.type) {
    case 'facts':
      return factLines(section.facts, root);
    case 'links': {
      if (section.links.length === 0) return section.empty ? [lineStart(escapeInline(section.empty))] : [];
      // As on the page: a list that grows with the document shows its start and links to the whole list.
      const shown = section.paged ? section.links.slice(0, LINKS_SHOWN) : section.links;
      const lines = shown.map((l) => `- ${pageLink(l, root)}${l.note && l.note !== l.title ? ` — ${escapeInline(l.note)}` : ''}`);
      if (shown.length < section.links.length)
        lines.push(
          '',
          `[All ${section.links.length} ${escapeInline(section.heading.toLowerCase())}](${siteHref(root, `${pageUrl}all-${section.anchor}/`)}) (an HTML page)`,
        );
      return lines;
    }
    case 'object':
      return objectLines(section.view, root);
    case 'broken-reference':
      return brokenReferenceLines(section.broken, root, pageUrl);
    case 'schema':
      return [
        ...(section.format ? [`Schema format: ${codeSpan(section.format)}${section.formatNote ? `: ${escapeInline(section.formatNote)}.` : ''}`, ''] : []),
        ...schemaList(section.rows, root),
        ...(section.omitted ? ['', omittedNote(section.omitted)] : []),
      ];
    case 'source':
      return [`Written in ${codeSpan(section.format)}:`, '', fencedBlock(section.code, sourceLanguage(section.format))];
    case 'examples':
      return [
        ...(section.reused
          ? [
              `The schema gives no example: this one is taken from ${section.reused.path ? `${codeSpan(section.reused.path)} in ` : ''}the payload of the example ${escapeInline(section.reused.example)} of the message ${pageLink(section.reused.message, root)}.`,
              '',
            ]
          : []),
        ...(section.missing ?? []).flatMap((m) => [escapeInline(m), '']),
        ...section.examples.flatMap((e) => [
          heading(level + 1, `${escapeInline(e.title)}${section.generated && !/generated/i.test(e.title) ? ' (generated from the schema)' : ''}`),
          '',
          ...(e.summaryHtml ? [htmlToMarkdown(e.summaryHtml), ''] : []),
          ...(e.note ? [escapeInline(e.note), ''] : []),
          ...e.blocks.flatMap((b) => [
            `${b.part === 'headers' ? 'Headers' : 'Payload'}${b.encoded ? ` (the JSON value it carries; it travels as ${codeSpan(b.encoded)})` : ''}:`,
            '',
            fencedBlock(b.code, b.lang === 'text' ? '' : b.lang),
            '',
          ]),
          ...(e.warnings ? exampleWarningLines(e.warnings) : []),
        ]),
        ...(section.more ? [escapeInline(moreExamplesNote(section.more, section.moreOf)), ''] : []),
      ];
    case 'sns-topic':
      return [
        ...origin,
        ...(section.fanOut
          ? topicLines(section.topic, section.fanOut, root)
          : [`${escapeInline(fanOutOfWords(section.fanOutOf?.length ?? 0))}${(section.fanOutOf ?? []).map((l) => pageLink(l, root)).join(', ')}`, '']),
      ];
    case 'sns-operation':
      // Then the Retries section, as the page has it after this one (PageSections.astro).
      return [
        ...origin,
        ...operationLines(section.view, section.topic),
        ...(section.handsOn ? handsOnLines(section.handsOn) : []),
        ...retriesLines(section.view),
      ];
    case 'code-samples': {
      const sampleLines = (samples: CodeSample[]): string[] =>
        samples.flatMap((s) => [`**${escapeInline(sampleName(s))}**`, '', fencedBlock(s.code, s.lang), '']);
      const groupLines = (groups: SampleGroup[], depth: number): string[] =>
        groups.flatMap((g) => [
          heading(depth, escapeInline(g.title)),
          '',
          ...(g.fillIn ? [lineStart(escapeInline(fillInSentence(g.fillIn))), ''] : []),
          ...g.notes.flatMap((n) => [lineStart(escapeInline(n)), '']),
          // Several messages: each one's samples under its title, as the page's message tabs show them.
          ...(g.messages
            ? [
                ...g.messages.flatMap((m) => [
                  heading(depth + 1, escapeInline(m.title)),
                  '',
                  // Which of the message's examples the code carries, as the page's tab says it.
                  ...(m.example ? [lineStart(escapeInline(`Carries the example: ${m.example}.`)), ''] : []),
                  ...m.notes.flatMap((n) => [lineStart(escapeInline(n)), '']),
                  ...sampleLines(m.samples),
                ]),
                ...(g.moreMessages ? [lineStart(escapeInline(moreMessagesSentence(g.moreMessages))), ''] : []),
              ]
            : sampleLines(g.samples)),
        ]);
      // Several servers: each one's samples under its name, as the page's server picker shows them.
      return section.servers
        ? section.servers.flatMap((s) => [heading(level + 1, `Server ${escapeInline(s.name)}`), '', ...groupLines(s.groups, level + 2)])
        : groupLines(section.groups, level + 1);
    }
    case 'try-it':
      // A form for the browser: the twin has the code samples.
      return [];
    case 'diagram':
      // The page draws what its lists say; the twin has the lists.
      return [];
    case 'peers':
      // Links into other APIs of the portal: page-twin.ts writes them (peerLines), knowing the site's root.
      return [];
    case 'bindings':
      return [...origin, ...section.protocols.flatMap((p) => bindingLines(p, root, level + 1))];
    case 'messages':
      return [
        ...(section.intro ? [lineStart(escapeInline(section.intro)), ''] : []),
        ...(section.facts ? [...factLines(section.facts, root), ''] : []),
        ...section.messages.flatMap((m) => messageLines(m, root, pageUrl, level + 1)),
        ...(section.others.length > 0
          ? [
              heading(level + 1, 'Other messages'),
              '',
              ...section.others.map((l) => `- ${pageLink(l, root)}${l.summaryHtml ? `: ${htmlToInlineMarkdown(l.summaryHtml)}` : ''}`),
              '',
            ]
          : []),
      ];
    case 'connect':
      return [
        lineStart(escapeInline(section.intro)),
        '',
        fencedBlock(section.code, ''),
        ...(section.notes ?? []).flatMap((n) => ['', lineStart(escapeInline(n))]),
      ];
    case 'security':
      return [
        ...(section.intro ? [lineStart(escapeInline(section.intro)), ''] : []),
        // Whose the schemes are, in the page's words (security-lead.ts): a server's, or the operation's own.
        ...section.groups.flatMap((g) => [textLine(securityLead(g) ?? [], root), '', ...g.schemes.flatMap((s) => schemeLines(s, root)), '']),
      ].filter((line, i, all) => !(line === '' && all[i - 1] === ''));
  }
}

/**
 * As ExampleWarning.astro: after the example, quietly (the reader came for the example), the
 * same one line as the page's folded note, and what the validator found wrong with it.
 */
function exampleWarningLines(warnings: string[]): string[] {
  const count = warnings.length === 1 ? '1 problem' : `${warnings.length} problems`;
  return [`This example does not satisfy its schema (${count}):`, '', ...warnings.map((w) => `- ${lineStart(escapeInline(w))}`), ''];
}

/** As BrokenReference.astro: what is wrong, and where the validator's finding is (the page's own list, another page, the overview). */
function brokenReferenceLines(broken: BrokenReference, root: string, pageUrl: string): string[] {
  const lines = [lineStart(textLine(broken.text, root))];
  const finding = broken.finding;
  if (finding)
    lines.push(
      '',
      `The validator's finding: ${
        finding.url === pageUrl
          ? 'listed above'
          : finding.url === ''
            ? markdownLink('on the overview', siteHref(root, ''))
            : `on the page of ${pageLink(finding, root)}`
      }.`,
    );
  return lines;
}

function messageLines(m: InlineMessage, root: string, pageUrl: string, level: number): string[] {
  return [
    heading(level, pageLink(m.link, root)),
    '',
    ...(m.summaryHtml ? [htmlToMarkdown(m.summaryHtml), ''] : []),
    ...(m.facts.length > 0 ? [...factLines(m.facts, root), ''] : []),
    ...m.sections.flatMap((s) => sectionLines(s, root, pageUrl, level + 1)),
  ];
}

function bindingLines(p: ProtocolBinding, root: string, level: number): string[] {
  return [
    heading(level, `${escapeInline(p.label)} (binding version ${escapeInline(p.version)}${p.versionDefault ? ', not given' : ''})`),
    '',
    ...objectLines(p.view, root),
    '',
    ...p.schemas.flatMap((s) => [`Schema of ${codeSpan(s.field)}:`, '', ...schemaList(s.rows, root), '']),
  ];
}

function schemeLines(s: SecuritySchemeView, root: string): string[] {
  const name = s.link ? pageLink(s.link, root) : escapeInline(s.name);
  const lines = [`- ${name}: ${escapeInline(s.kind)} (${codeSpan(s.type)})${s.descriptionHtml ? ` — ${htmlToInlineMarkdown(s.descriptionHtml)}` : ''}`];
  for (const d of s.details) {
    const value = d.href ? markdownLink(d.value, d.href) : d.code ? codeSpan(d.value) : escapeInline(d.value);
    lines.push(...listItem([`${escapeInline(d.label)}: ${value}`], '  '));
  }
  for (const f of s.flows) {
    const urls = (['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const).flatMap((k) => (f[k] ? [`${k} ${codeSpan(f[k])}`] : []));
    lines.push(
      ...listItem(
        [`flow ${codeSpan(f.flow)}: ${[...urls, f.scopes.length > 0 ? `scopes ${f.scopes.map(codeSpan).join(', ')}` : ''].filter(Boolean).join(' · ')}`],
        '  ',
      ),
    );
  }
  for (const scope of s.availableScopes)
    lines.push(...listItem([`scope ${codeSpan(scope.name)}${scope.description ? `: ${escapeInline(scope.description)}` : ''}`], '  '));
  if (s.requiredScopes) lines.push(...listItem([`needs ${s.requiredScopes.length > 0 ? s.requiredScopes.map(codeSpan).join(', ') : 'no scope'}`], '  '));
  return lines;
}

/** A portal's other APIs on the other side of a page (issue 22); `siteRoot` is the site's path (apiRoot of no API). */
export function peerLines(section: Extract<PageSection, { type: 'peers' }>, siteRoot: string): string[] {
  const lines: string[] = [heading(2, escapeInline(section.heading)), ''];
  const link = (title: string, url: string): string => markdownLink(title, siteHref(siteRoot, url));
  for (const [label, peers, more] of [
    ['Sent by', section.sentBy, section.moreSentBy],
    ['Received by', section.receivedBy, section.moreReceivedBy],
  ] as const) {
    if (peers.length === 0) continue;
    lines.push(`${label}:`, '');
    for (const p of peers)
      lines.push(
        // The other API by its llms.txt: the Markdown counterpart of its overview.
        `- ${link(p.apiTitle, `${p.apiUrl}llms.txt`)} › ${link(p.title, twinPath(p.url))} on ${link(p.channelTitle, twinPath(p.channelUrl))} (${sharedBy(p.matchedBy)})` +
          `${p.messages.length > 0 ? `; ${escapeInline(p.messages.join(', '))}` : ''}${p.disagreement ? `. **Messages disagree:** ${escapeInline(p.disagreement)}` : ''}`,
      );
    if (more > 0) lines.push(`- and ${more} more, not listed (the portal's overview counts the flows by pair of APIs)`);
    lines.push('');
  }
  return lines;
}
