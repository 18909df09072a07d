/**
 * Highlights everything on a page that shows code: fenced code in its description, examples,
 * schemas in other formats, sns filter policies. Done before the pages are rendered, so that the
 * renderer only places HTML. Each piece is a job (text in, HTML out), so that a large site can
 * share the work with a worker thread (highlight-worker.ts).
 */
import type { Highlighter } from 'shiki';
import { sourceLanguage, type Page, type PageSection } from '../model/page-types.ts';
import { codeHtml, highlightWith } from './highlight-html.ts';

/** What to highlight: rendered HTML with fenced code in it, or code in a language. */
export interface HighlightTask {
  kind: 'html' | 'code';
  text: string;
  lang: string;
}

/** A task and where its result goes. */
export interface HighlightJob extends HighlightTask {
  apply: (html: string) => void;
}

export function runTask(h: Highlighter, task: HighlightTask): string {
  return task.kind === 'html' ? highlightWith(h, task.text) : codeHtml(h, task.text, task.lang);
}

/** The description of a page or an API, when it holds fenced code. */
export function descriptionJob(html: string | undefined, apply: (html: string) => void): HighlightJob[] {
  return html?.includes('><code class="language-') ? [{ kind: 'html', text: html, lang: '', apply }] : [];
}

export function pageJobs(page: Page): HighlightJob[] {
  return [...descriptionJob(page.descriptionHtml, (html) => (page.descriptionHtml = html)), ...sectionJobs(page.sections)];
}

function sectionJobs(sections: PageSection[]): HighlightJob[] {
  const jobs: HighlightJob[] = [];
  for (const section of sections) {
    // Messages shown on an operation's page carry their own examples and sources.
    if (section.type === 'messages') for (const message of section.messages) jobs.push(...sectionJobs(message.sections));
    if (section.type === 'source')
      jobs.push({ kind: 'code', text: section.code, lang: sourceLanguage(section.format), apply: (html) => (section.html = html) });
    else if (section.type === 'examples')
      for (const example of section.examples)
        for (const block of example.blocks) jobs.push({ kind: 'code', text: block.code, lang: block.lang, apply: (html) => (block.html = html) });
    else if (section.type === 'code-samples')
      // The first server's groups are `groups` itself: each sample once.
      // A group's first message's samples are `samples` itself: each sample once.
      for (const sample of new Set(
        [...section.groups, ...(section.servers ?? []).flatMap((s) => s.groups)].flatMap((g) => [
          ...g.samples,
          ...(g.messages ?? []).flatMap((m) => m.samples),
        ]),
      ))
        jobs.push({ kind: 'code', text: sample.code, lang: sample.lang, apply: (html) => (sample.html = html) });
    else if (section.type === 'sns-operation') {
      for (const consumer of section.view.consumers) {
        const policy = consumer.filterPolicy;
        if (policy) jobs.push({ kind: 'code', text: policy.json, lang: 'json', apply: (html) => (policy.html = html) });
      }
      const handsOn = section.handsOn;
      const snippets = [
        ...(handsOn?.publish.flatMap((v) => [v.cli, v.js, v.python]) ?? []),
        ...(handsOn?.subscribe.map((s) => s.cli) ?? []),
        handsOn?.receive?.cli,
      ];
      for (const snippet of snippets) if (snippet) jobs.push({ kind: 'code', text: snippet.code, lang: snippet.lang, apply: (html) => (snippet.html = html) });
    }
  }
  return jobs;
}

export function highlightPage(h: Highlighter, page: Page): void {
  for (const job of pageJobs(page)) job.apply(runTask(h, job));
}
