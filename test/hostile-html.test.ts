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
import { main } from '../src/cli/main.ts';
import { tempTree } from './helpers.ts';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '"><svg onload=alert(3)>',
  "javascript:alert(4)",
  '<a href="javascript:alert(5)">x</a>',
  '[x](javascript:alert(6))',
  '<iframe srcdoc="<script>alert(7)</script>">',
  '</script><script>alert(8)</script>',
  '<details open ontoggle=alert(9)>',
  'data:text/html,<script>alert(10)</script>',
];
const p = (i: number): string => JSON.stringify(PAYLOADS[i % PAYLOADS.length]);

function hostileDocument(): string {
  return `apidesc: 3.0.0
info:
  title: ${p(0)}
  version: ${p(1)}
  description: ${p(5)}
  termsOfService: ${p(3)}
  contact: {name: ${p(2)}, url: ${p(4)}, email: ${p(6)}}
  license: {name: ${p(8)}, url: ${p(9)}}
  tags: [{name: ${p(2)}, description: ${p(1)}}]
  externalDocs: {url: ${p(3)}, description: ${p(0)}}
servers:
  s1:
    host: ${p(2)}
    protocol: ${p(0)}
    description: ${p(6)}
channels:
  c1:
    address: ${p(7)}
    title: ${p(1)}
    summary: ${p(8)}
    description: ${p(6)}
    x-evil: ${p(0)}
    messages:
      m1:
        name: ${p(1)}
        title: ${p(2)}
        summary: ${p(5)}
        description: ${p(0)}
        contentType: ${p(0)}
        payload:
          type: object
          description: ${p(6)}
          properties:
            ${p(1)}:
              type: string
              enum: [${p(0)}, ${p(2)}]
              default: ${p(7)}
              examples: [${p(8)}]
              description: ${p(5)}
        examples:
          - name: ${p(0)}
            summary: ${p(5)}
            payload: {${p(2)}: ${p(7)}}
operations:
  o1:
    action: send
    title: ${p(2)}
    description: ${p(5)}
    channel: {$ref: '#/channels/c1'}
    bindings:
      sns:
        consumers:
          - protocol: https
            endpoint: {url: ${p(3)}}
            rawMessageDelivery: false
            filterPolicy: {${p(0)}: [${p(2)}]}
components:
  schemas:
    s1: {type: string, description: ${p(9)}, title: ${p(0)}}
  securitySchemes:
    k1: {type: openIdConnect, openIdConnectUrl: ${p(3)}, description: ${p(5)}}
`;
}

interface Finding {
  file: string;
  problem: string;
}

function scan(file: string, html: string, findings: Finding[]): void {
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && !/^\/(theme|copy)\.js$/.test(attributes.src ?? '')) findings.push({ file, problem: `script element ${JSON.stringify(attributes)}` });
      if (['iframe', 'object', 'embed', 'svg', 'math', 'base', 'form'].includes(name)) findings.push({ file, problem: `<${name}> element` });
      for (const [attr, value] of Object.entries(attributes)) {
        if (/^on/i.test(attr)) findings.push({ file, problem: `event handler ${attr}=${value}` });
        if (['href', 'src', 'action', 'formaction', 'srcdoc', 'xlink:href'].includes(attr.toLowerCase()) && /^\s*(javascript|data|vbscript):/i.test(value)) {
          findings.push({ file, problem: `${attr}=${value}` });
        }
      }
    },
  }, { decodeEntities: true, lowerCaseAttributeNames: true });
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
    const previous = process.cwd();
    process.chdir(dir);
    try {
      code = await main(['build', 'evil.yaml', '--out', 'site', '--allow-invalid'], { out: () => {}, err: () => {} });
    } finally {
      process.chdir(previous);
    }
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
    assert.match(html, /<p><details><\/details><\/p>/, 'the summary keeps <details> without its handler');
    assert.match(html, /<div class="description">&lt;iframe&gt;<\/div>/, 'disallowed tags are shown escaped');
  });
});
