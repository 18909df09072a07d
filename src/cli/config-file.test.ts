/** The configuration file: found, parsed, checked with positions; flags over it. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { defaultLimits } from '../lib/load/limits.ts';
import { tempTree, where } from '../../test/helpers.ts';
import { loadConfig } from './config-file.ts';
import { resolveSiteOptions } from './site-options.ts';

const API = 'apidesc: 3.0.0\ninfo: {title: T, version: 1.0.0}\n';

describe('configuration file', () => {
  it('reads every field of a valid YAML configuration, paths from its folder', async () => {
    const dir = tempTree({
      'apidesc-docs.config.yaml': [
        'title: Acme events', 'logo: brand/logo.svg', 'favicon: brand/icon.png', 'base: /api/', 'site: https://docs.acme.test',
        'guides: docs', 'sidebar: channel', 'accentColor: {light: "#0b5394", dark: "#9fc5e8"}',
        'footerLinks:', '  - {label: Status, href: "https://status.acme.test"}', 'editLink: "https://git.acme.test/api/edit/main/{path}#L{line}"', '',
      ].join('\n'),
      'brand/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'brand/icon.png': 'png', 'docs/a.md': '# A\n', 'api/api.yaml': API,
    });
    const resolved = await resolveSiteOptions(['api/api.yaml'], {}, dir, defaultLimits);
    assert.deepEqual(resolved.diagnostics, []);
    assert.equal(resolved.base, '/api/');
    assert.equal(resolved.site, 'https://docs.acme.test');
    assert.equal(resolved.guidesDir, join(dir, 'docs'));
    assert.deepEqual(resolved.assets, [{ from: join(dir, 'brand/logo.svg'), to: 'assets/logo.svg' }, { from: join(dir, 'brand/icon.png'), to: 'assets/favicon.png' }]);
    assert.deepEqual(resolved.settings, {
      title: 'Acme events', logoUrl: 'assets/logo.svg', favicon: { url: 'assets/favicon.png', type: 'image/png' }, sidebar: 'channel',
      accent: { light: '#0b5394', dark: '#9fc5e8', lightText: '#ffffff', darkText: '#0b1020' },
      footerLinks: [{ label: 'Status', href: 'https://status.acme.test' }],
      editLink: { pattern: 'https://git.acme.test/api/edit/main/{path}#L{line}', prefix: '' },
    });
  });

  it('names the file, line and column of each wrong field, with what is expected', async () => {
    const dir = tempTree({ 'apidesc-docs.config.json': '{\n  "title": "Docs",\n  "sidebar": "alphabet",\n  "footerLinks": [{"label": "x", "href": "javascript:alert(1)"}],\n  "colour": "#fff"\n}\n' });
    const { diagnostics, config } = await loadConfig(dir, undefined, defaultLimits);
    assert.deepEqual(config, {}, 'an invalid configuration is not used');
    assert.deepEqual(diagnostics.map((d) => `${d.code} ${where(d)}`), [
      'config-invalid apidesc-docs.config.json:3:14',
      'config-invalid apidesc-docs.config.json:4:42',
      'config-unknown-field apidesc-docs.config.json:5:3',
    ]);
    assert.match(diagnostics[0]!.message, /`sidebar` must be "tag".*"channel".*"none"/);
    assert.match(diagnostics[1]!.message, /`footerLinks` must be a list of/);
    assert.match(diagnostics[2]!.hint ?? '', /Fields: title, logo, favicon/);
  });

  it('reports a syntax error, missing files and unreadable accent colours', async () => {
    const broken = tempTree({ 'apidesc-docs.config.yaml': 'title: [unclosed\n' });
    assert.equal((await loadConfig(broken, undefined, defaultLimits)).diagnostics[0]?.code, 'load-syntax');
    const missing = tempTree({ 'apidesc-docs.config.yaml': 'logo: nope.svg\nguides: nowhere\naccentColor: "#ffff00"\n' });
    const found = (await loadConfig(missing, undefined, defaultLimits)).diagnostics;
    assert.deepEqual(found.map((d) => `${d.code}@${d.line}`), ['config-missing-file@1', 'config-missing-file@2', 'config-low-contrast@3']);
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
    const dir = tempTree({ 'apidesc-docs.config.json': '{"title": "File", "sidebar": "tag", "base": "/file/"}', 'api/api.yaml': API, 'api/guides/start.md': '# Start\n' });
    const resolved = await resolveSiteOptions(['api/api.yaml'], { title: 'Flag', base: '/flag/' }, dir, defaultLimits);
    assert.equal(resolved.settings.title, 'Flag');
    assert.equal(resolved.settings.sidebar, 'tag');
    assert.equal(resolved.base, '/flag/');
    assert.equal(resolved.guidesDir, join(dir, 'api/guides'));
    const wrong = await resolveSiteOptions(['api/api.yaml'], { accent: 'blue', sidebar: 'random' }, dir, defaultLimits);
    assert.deepEqual(wrong.diagnostics.map((d) => `${d.file}: ${d.message.split(' must')[0]}`), ['command line: --sidebar', 'command line: --accent']);
  });
});
