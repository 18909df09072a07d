/**
 * Script from a document never reaches a page as live markup: XSS payloads in every field that is
 * rendered, built into a site, and every page checked with an HTML parser for script elements,
 * event handler attributes and script URLs. (A browser test of the same site is the search and
 * accessibility issue's; this one needs no browser.)
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Parser } from 'htmlparser2';
import { hostileDocument } from './hostile-document.ts';
import { runCli, tempTree } from './helpers.ts';

interface Finding {
  file: string;
  problem: string;
}

function scan(file: string, html: string, findings: Finding[]): void {
  let forms = 0;
  /** Inside the site's own menu button, whose icon is an inline <svg> (no document text reaches it). */
  let menuButton = false;
  /** Inside a diagram the site drew (src/lib/diagram/svg.ts): an <svg> of these elements only, names as their text. */
  let diagram = false;
  // A diagram may come in two layouts, each in its own <div> (Diagram.astro).
  // A diagram's own elements, and its "Full size" checkbox (Diagram.astro).
  const DIAGRAM_ELEMENTS = new Set(['figure', 'div', 'svg', 'title', 'desc', 'defs', 'marker', 'path', 'g', 'a', 'rect', 'text', 'label', 'input']);
  const parser = new Parser(
    {
      onclosetag(name) {
        if (name === 'label') menuButton = false;
        if (name === 'figure') diagram = false;
      },
      onopentag(name, attributes) {
        if (name === 'label' && attributes.class === 'nav-button' && attributes.for === 'nav-open') menuButton = true;
        if (name === 'figure' && /^diagram-box( has-narrow)?( dg-w\d+)?$/.test(attributes.class ?? '')) diagram = true;
        if (diagram && name === 'input' && (attributes.type !== 'checkbox' || attributes.class !== 'dg-zoom-toggle'))
          findings.push({ file, problem: `input ${JSON.stringify(attributes)} in a diagram` });
        if (diagram && !DIAGRAM_ELEMENTS.has(name)) findings.push({ file, problem: `<${name}> element in a diagram` });
        // The site's scripts: theme, copy buttons, navigation, search loader, the search page's search,
        // and the sns filter tester's loader (bundled into _astro/).
        const siteScript =
          /^\/(theme|copy|search|nav)\.js$/.test(attributes.src ?? '') ||
          (attributes.type === 'module' && attributes.src === '/search-page.js') ||
          (attributes.type === 'module' && /^\/_astro\/SnsTester[\w.-]*\.js$/.test(attributes.src ?? '')) ||
          // The 404 page's suggestion of the page an address meant, on that page only.
          (attributes.type === 'module' && file.endsWith('/404.html') && /^\/_astro\/404\.astro[\w.-]*\.js$/.test(attributes.src ?? ''));
        if (name === 'script' && !siteScript) findings.push({ file, problem: `script element ${JSON.stringify(attributes)}` });
        // The one form of the site is its own search box (a GET to the search page); a document's would be escaped.
        const siteSearchForm =
          (name === 'form' && attributes.id === 'search' && attributes.method === 'get' && attributes.action === '/search/' && forms++ === 0) ||
          // The 404 page's own search, a GET to the same search page.
          (name === 'form' &&
            file.endsWith('/404.html') &&
            attributes.class === 'not-found-search' &&
            attributes.method === 'get' &&
            attributes.action === '/search/');
        // The sns filter tester's form: it submits nowhere (its script handles it), and holds no document markup.
        const testerForm = name === 'form' && 'data-sns-tester-form' in attributes && attributes.action === undefined && attributes.method === undefined;
        const siteIcon =
          (menuButton && (name === 'svg' || name === 'path')) || (diagram && name === 'svg' && /^diagram( wide| timeline)?$/.test(attributes.class ?? ''));
        if (['iframe', 'object', 'embed', 'svg', 'math', 'base', 'form'].includes(name) && !siteSearchForm && !testerForm && !siteIcon)
          findings.push({ file, problem: `<${name}> element` });
        for (const [attr, value] of Object.entries(attributes)) {
          if (/^on/i.test(attr)) findings.push({ file, problem: `event handler ${attr}=${value}` });
          if (['href', 'src', 'action', 'formaction', 'srcdoc', 'xlink:href'].includes(attr.toLowerCase()) && /^\s*(javascript|data|vbscript):/i.test(value)) {
            findings.push({ file, problem: `${attr}=${value}` });
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? htmlFiles(full) : name.endsWith('.html') ? [full] : [];
  });
}

describe('hostile document: no live script in any page', () => {
  const dir = tempTree({ 'evil.yaml': hostileDocument() });
  let code = -1;
  before(async () => {
    code = await runCli(['build', 'evil.yaml', '--out', 'site', '--allow-invalid'], dir);
  });

  it('builds a preview of it (its URLs and e-mail are invalid, which the pages show)', () => {
    assert.equal(code, 0);
  });

  it('has no script element, event handler, or script URL in any page', () => {
    const files = htmlFiles(join(dir, 'site'));
    assert.ok(files.length >= 8, `${files.length} pages`);
    const findings: Finding[] = [];
    for (const file of files) scan(file.slice(dir.length), readFileSync(file, 'utf8'), findings);
    assert.deepEqual(findings, []);
  });

  it('shows plain-text fields as text, and keeps only harmless markup of CommonMark fields', () => {
    const html = readFileSync(join(dir, 'site/channels/c1/index.html'), 'utf8');
    assert.match(html, /<h1>&lt;img src=x onerror=alert\(2\)&gt;<\/h1>/);
    assert.match(html, /<code class="template">&lt;\/script&gt;&lt;script&gt;alert\(8\)&lt;\/script&gt;<\/code>/);
    assert.match(html, /<p(?: class="lead")?><details><\/details><\/p>/, 'the summary keeps <details> without its handler');
    assert.match(html, /<div class="description">&lt;iframe&gt;<\/div>/, 'disallowed tags are shown escaped');
  });
});

describe('hostile documents in a portal: flows between them carry no live script', () => {
  // The document and its mirror (every send a receive): each operation meets its twin, so the
  // hostile names reach the system map, the list of flows and every page's other side.
  const mirror = hostileDocument()
    .replace(/action: send/g, 'action: MIRROR')
    .replace(/action: receive/g, 'action: send')
    .replace(/action: MIRROR/g, 'action: receive');
  const dir = tempTree({ 'apis/evil.yaml': hostileDocument(), 'apis/mirror.yaml': mirror });
  let code = -1;
  before(async () => {
    code = await runCli(['build', 'apis', '--out', 'site', '--allow-invalid'], dir);
  });

  it('finds the flows and has no script element, event handler, or script URL in any page', () => {
    assert.equal(code, 0);
    const flows = (JSON.parse(readFileSync(join(dir, 'site/apidesc-routes.json'), 'utf8')) as { flows: unknown[] }).flows;
    assert.ok(flows.length >= 2, `${flows.length} flows`);
    assert.match(readFileSync(join(dir, 'site/index.html'), 'utf8'), /id="h-system-map"/);
    const findings: Finding[] = [];
    for (const file of htmlFiles(join(dir, 'site'))) scan(file.slice(dir.length), readFileSync(file, 'utf8'), findings);
    assert.deepEqual(findings, []);
  });
});
