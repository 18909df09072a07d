import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSiteConfig } from './site-config.ts';

const flags = 'command line';

describe('checkSiteConfig: the fields checked without the schema say what the schema says', () => {
  it('takes a base path and an origin that match their patterns', () => {
    assert.deepEqual(checkSiteConfig({ base: '/v1.2.0/' }, flags), []);
    assert.deepEqual(checkSiteConfig({ base: '/', site: 'https://docs.example.com' }, flags), []);
    assert.deepEqual(checkSiteConfig({ logo: 'brand/logo.svg', favicon: 'icon.png' }, flags), []);
  });

  it('still refuses a value its pattern does not match, and names the field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ base: '//evil.example/' }, '/base'],
      [{ base: '/ok/', site: 'ftp://docs.example.com' }, '/site'],
      [{ base: 12 }, '/base'],
      [{ logo: 'logo.bmp' }, '/logo'],
      // A valid base beside a field the schema must check.
      [{ base: '/ok/', sidebar: 'sideways' }, '/sidebar'],
    ];
    for (const [value, pointer] of cases) {
      const problems = checkSiteConfig(value, flags);
      assert.deepEqual(
        problems.map((p) => [p.code, p.at.pointer]),
        [['config-invalid', pointer]],
        JSON.stringify(value),
      );
    }
  });

  it('still refuses a field it does not know', () => {
    assert.deepEqual(
      checkSiteConfig({ base: '/ok/', bsae: '/typo/' }, flags).map((p) => p.code),
      ['config-unknown-field'],
    );
  });
});
