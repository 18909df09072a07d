/** The configuration file: found, parsed, checked with positions; flags over it. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defaultLimits } from '../lib/load/limits.ts';
import { tempTree, where } from '../../test/helpers.ts';
import { loadConfig } from './config-file.ts';
import { resolveSiteOptions } from './site-options.ts';

const API = 'apidesc: 3.0.0\ninfo: {title: T, version: 1.0.0}\n';

describe('configuration file', () => {
  it('refuses a configuration found by its name that is a link out of the working folder, without reading it', async () => {
    const outside = tempTree({ 'secret.json': '{"title": "the machine\'s own file"' });
    const dir = tempTree({ 'api.yaml': API });
    symlinkSync(join(outside, 'secret.json'), join(dir, 'apidesc-docs.config.json'));
    const loaded = await loadConfig(dir, undefined, defaultLimits);
    assert.deepEqual(
      loaded.diagnostics.map((d) => d.code),
      ['config-outside-folder'],
    );
    assert.doesNotMatch(JSON.stringify(loaded.diagnostics), /machine/);
    // Named with --config, the user chose it: read.
    const named = await loadConfig(dir, join(outside, 'secret.json'), defaultLimits);
    assert.notDeepEqual(
      named.diagnostics.map((d) => d.code),
      ['config-outside-folder'],
    );
  });

  it('reads every field of a valid YAML configuration, paths from its folder', async () => {
    const dir = tempTree({
      'apidesc-docs.config.yaml': [
        'title: Acme events',
        'logo: brand/logo.svg',
        'favicon: brand/icon.png',
        'base: /api/',
        'site: https://docs.acme.test',
        'guides: docs',
        'sidebar: channel',
        'accentColor: {light: "#0b5394", dark: "#9fc5e8"}',
        'footerLinks:',
        '  - {label: Status, href: "https://status.acme.test"}',
        'editLink: "https://git.acme.test/api/edit/main/{path}#L{line}"',
        '',
      ].join('\n'),
      'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'brand/icon.png': 'png',
      'docs/a.md': '# A\n',
      'api/api.yaml': API,
    });
    const resolved = await resolveSiteOptions(['api/api.yaml'], {}, dir, defaultLimits);
    assert.deepEqual(resolved.diagnostics, []);
    assert.equal(resolved.base, '/api/');
    assert.equal(resolved.site, 'https://docs.acme.test');
    assert.equal(resolved.guidesDir, join(dir, 'docs'));
    assert.deepEqual(
      resolved.assets.map(({ from, to, content }) => ({ from, to, content: content.toString() })),
      [
        { from: join(dir, 'brand/logo.svg'), to: 'assets/logo.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
        { from: join(dir, 'brand/icon.png'), to: 'assets/favicon.png', content: 'png' },
      ],
    );
    assert.deepEqual(resolved.settings, {
      title: 'Acme events',
      logoUrl: 'assets/logo.svg',
      favicon: { url: 'assets/favicon.png', type: 'image/png' },
      sidebar: 'channel',
      accent: { light: '#0b5394', dark: '#9fc5e8', lightText: '#ffffff', darkText: '#0b1020' },
      footerLinks: [{ label: 'Status', href: 'https://status.acme.test' }],
      editLink: { pattern: 'https://git.acme.test/api/edit/main/{path}#L{line}', prefix: '' },
    });
  });

  it('names the file, line and column of each wrong field, with what is expected', async () => {
    const dir = tempTree({
      'apidesc-docs.config.json':
        '{\n  "title": "Docs",\n  "sidebar": "alphabet",\n  "footerLinks": [{"label": "x", "href": "javascript:alert(1)"}],\n  "colour": "#fff"\n}\n',
    });
    const { diagnostics, config } = await loadConfig(dir, undefined, defaultLimits);
    assert.deepEqual(config, {}, 'an invalid configuration is not used');
    assert.deepEqual(
      diagnostics.map((d) => `${d.code} ${where(d)}`),
      ['config-invalid apidesc-docs.config.json:3:14', 'config-invalid apidesc-docs.config.json:4:42', 'config-unknown-field apidesc-docs.config.json:5:3'],
    );
    assert.match(diagnostics[0]!.message, /`sidebar` must be "tag".*"channel".*"none"/);
    assert.match(diagnostics[1]!.message, /`footerLinks` must be a list of/);
    assert.match(diagnostics[2]!.hint ?? '', /Fields: title, logo, favicon/);
  });

  it('reports a syntax error, missing files and unreadable accent colours', async () => {
    const broken = tempTree({ 'apidesc-docs.config.yaml': 'title: [unclosed\n' });
    assert.equal((await loadConfig(broken, undefined, defaultLimits)).diagnostics[0]?.code, 'load-syntax');
    const missing = tempTree({ 'apidesc-docs.config.yaml': 'logo: nope.svg\nguides: nowhere\naccentColor: "#ffff00"\n' });
    const found = (await loadConfig(missing, undefined, defaultLimits)).diagnostics;
    assert.deepEqual(
      found.map((d) => `${d.code}@${d.line}`),
      ['config-missing-file@1', 'config-missing-file@2', 'config-low-contrast@3'],
    );
    assert.equal(found[2]!.severity, 'warning');
    assert.match(found[2]!.message, /contrast of 1\.1:1 on the light theme/);
  });

  it('loads an ES module configuration (object or function) and refuses two configurations', async () => {
    const dir = tempTree({ 'apidesc-docs.config.mjs': 'export default () => ({ title: "From a module", sidebar: "tag" });\n' });
    assert.deepEqual((await loadConfig(dir, undefined, defaultLimits)).config, { title: 'From a module', sidebar: 'tag' });
    const bad = tempTree({ 'apidesc-docs.config.mjs': 'export default { title: 42 };\n' });
    assert.equal((await loadConfig(bad, undefined, defaultLimits)).diagnostics[0]?.code, 'config-invalid');
    const throws = tempTree({ 'apidesc-docs.config.mjs': 'throw new Error("boom");\n' });
    assert.match((await loadConfig(throws, undefined, defaultLimits)).diagnostics[0]?.message ?? '', /failed to load: boom/);
    const two = tempTree({ 'apidesc-docs.config.json': '{}', 'apidesc-docs.config.yaml': '{}' });
    assert.equal((await loadConfig(two, undefined, defaultLimits)).diagnostics[0]?.code, 'config-ambiguous');
    assert.deepEqual((await loadConfig(two, 'apidesc-docs.config.yaml', defaultLimits)).diagnostics, [], '--config picks one');
  });

  it('lets flags override the file, checks them, and finds guides/ beside the document by default', async () => {
    const dir = tempTree({
      'apidesc-docs.config.json': '{"title": "File", "sidebar": "tag", "base": "/file/"}',
      'api/api.yaml': API,
      'api/guides/start.md': '# Start\n',
    });
    const resolved = await resolveSiteOptions(['api/api.yaml'], { title: 'Flag', base: '/flag/' }, dir, defaultLimits);
    assert.equal(resolved.settings.title, 'Flag');
    assert.equal(resolved.settings.sidebar, 'tag');
    assert.equal(resolved.base, '/flag/');
    assert.equal(resolved.guidesDir, join(dir, 'api/guides'));
    const wrong = await resolveSiteOptions(['api/api.yaml'], { accent: 'blue', sidebar: 'random' }, dir, defaultLimits);
    assert.deepEqual(
      wrong.diagnostics.map((d) => `${d.file}: ${d.message.split(' must')[0]}`),
      ['command line: --sidebar', 'command line: --accent'],
    );
  });
});

describe('paths of the configuration', () => {
  const codesOf = async (dir: string, flags: Parameters<typeof resolveSiteOptions>[1] = {}, root?: string): Promise<string[]> =>
    (await resolveSiteOptions(['api/api.yaml'], flags, dir, defaultLimits, root)).diagnostics.map((d) => `${d.code} ${d.pointer} ${d.message}`);

  it("stay inside the configuration's folder: absolute paths, ../ and links out of it are refused", async () => {
    const outside = tempTree({ 'secret.svg': '<svg xmlns="http://www.w3.org/2000/svg"><text>secret</text></svg>', 'docs/a.md': '# A\n' });
    const dir = tempTree({ 'site/api/api.yaml': API });
    symlinkSync(join(outside, 'secret.svg'), join(dir, 'site', 'logo.svg'));
    symlinkSync(join(outside, 'docs'), join(dir, 'site', 'docs'));
    const site = join(dir, 'site');
    const cases: [string, RegExp][] = [
      [`{"logo": ${JSON.stringify(join(outside, 'secret.svg'))}}`, /config-path-outside \/logo `logo`: .*secret\.svg leads outside/],
      ['{"logo": "../../secret.svg"}', /config-path-outside \/logo/],
      ['{"logo": "logo.svg"}', /config-path-outside \/logo `logo`: logo\.svg leads outside .* \(to .*secret\.svg\)/],
      ['{"guides": "docs"}', /config-path-outside \/guides/],
      ['{"guides": "/proc/self"}', /config-path-outside \/guides/],
      ['{"favicon": "/dev/zero.png"}', /config-path-outside \/favicon/],
    ];
    for (const [config, expected] of cases) {
      writeFileSync(join(site, 'apidesc-docs.config.json'), config);
      const found = await codesOf(site);
      assert.equal(found.length, 1, `${config}: ${found.join('; ')}`);
      assert.match(found[0]!, expected);
    }
    // The same for flags, from the working folder; --root widens where paths may lead.
    writeFileSync(join(site, 'apidesc-docs.config.json'), '{}');
    assert.match((await codesOf(site, { logo: '../../secret.svg' }))[0] ?? '', /config-path-outside \/logo --logo: /);
    assert.deepEqual(await codesOf(site, { logo: 'api/../logo.svg' }, outside), [], 'a link into --root is allowed');
  });

  it('name regular files and folders: a pipe as the logo is refused without being read', async () => {
    const dir = tempTree({ 'api/api.yaml': API, 'apidesc-docs.config.json': '{"logo": "logo.svg"}' });
    execFileSync('mkfifo', [join(dir, 'logo.svg')]);
    assert.match((await codesOf(dir))[0] ?? '', /config-missing-file \/logo `logo`: logo\.svg is not a regular file/);
  });

  it('publish an SVG logo only without script, handlers, links or foreign content', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><style>@import url(https://evil.example/x.css);</style><a href="javascript:alert(3)"><path d="M0 0h24v24H0z" fill="#0b5394"/></a><foreignObject><iframe src="https://evil.example"/></foreignObject><use xlink:href="https://evil.example/x.svg#a"/><use href="#p"/><image href="https://evil.example/x.png"/><set attributeName="onclick" to="alert(4)"/></svg>';
    const dir = tempTree({ 'api/api.yaml': API, 'apidesc-docs.config.json': '{"logo": "logo.svg"}', 'logo.svg': svg });
    const resolved = await resolveSiteOptions(['api/api.yaml'], {}, dir, defaultLimits);
    assert.deepEqual(resolved.diagnostics, []);
    const published = resolved.assets[0]!.content.toString();
    assert.equal(
      published,
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><path d="M0 0h24v24H0z" fill="#0b5394"></path><use href="#p"></use></svg>',
    );
  });

  it('accept only real site paths as base and footer links, and image sources for the CSP', async () => {
    const dir = tempTree({ 'api/api.yaml': API });
    for (const base of ['//evil.example/', '/\\evil.example/', '/a b/']) {
      assert.match((await codesOf(dir, { base }))[0] ?? '', /config-invalid \/base --base must be a path of the site/, base);
    }
    for (const href of ['//evil.example', '/\\evil.example', 'https:///evil.example', 'javascript:alert(1)']) {
      writeFileSync(join(dir, 'apidesc-docs.config.json'), JSON.stringify({ footerLinks: [{ label: 'x', href }] }));
      assert.match((await codesOf(dir))[0] ?? '', /config-invalid \/footerLinks\/0\/href/, href);
    }
    writeFileSync(
      join(dir, 'apidesc-docs.config.json'),
      JSON.stringify({
        footerLinks: [
          { label: 'Guides', href: '/guides/' },
          { label: 'Top', href: '#top' },
        ],
        imageSources: ['https://img.shields.io'],
      }),
    );
    const resolved = await resolveSiteOptions(['api/api.yaml'], {}, dir, defaultLimits);
    assert.deepEqual(resolved.diagnostics, []);
    assert.deepEqual(resolved.settings.imageSources, ['https://img.shields.io']);
    writeFileSync(join(dir, 'apidesc-docs.config.json'), JSON.stringify({ imageSources: ["https://a.example; script-src 'unsafe-inline'"] }));
    assert.match((await codesOf(dir))[0] ?? '', /config-invalid \/imageSources\/0/);
  });

  it('take the languages of the code samples, and refuse one samples are not written in', async () => {
    const dir = tempTree({ 'api/api.yaml': API, 'apidesc-docs.config.json': JSON.stringify({ codeSamples: { languages: ['python', 'javascript'] } }) });
    const resolved = await resolveSiteOptions(['api/api.yaml'], {}, dir, defaultLimits);
    assert.deepEqual(resolved.diagnostics, []);
    assert.deepEqual(resolved.settings.sampleLanguages, ['python', 'javascript']);
    writeFileSync(join(dir, 'apidesc-docs.config.json'), JSON.stringify({ codeSamples: { languages: ['ruby'] } }));
    assert.match((await codesOf(dir))[0] ?? '', /config-invalid \/codeSamples\/languages\/0/);
  });
});
