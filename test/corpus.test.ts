/**
 * Conformance: every document of the shared corpus (read from $APIDESC_CORPUS, default
 * ../shared/corpus; never copied into this repository). Valid and multi-file root documents
 * validate without errors; each invalid document is rejected with the rule its README row names.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CORPUS } from './corpus-location.ts';
import { validateDocument } from '../src/lib/validate/validate-document.ts';

const corpus = CORPUS;

/** The rule each invalid document breaks (corpus README, "invalid/"), as the codes this tool gives it. */
const EXPECTED_INVALID: Record<string, string[]> = {
  'bindings-sns-empty-channel-binding.yaml': ['spec-required'],
  'codegen-discriminator-object.yaml': ['spec-type'],
  'codegen-operation-message-singular.yaml': ['spec-unknown-field'],
  'converter-from-2.6.0-openidconnect-url.yaml': ['url-absolute'],
  'parserjs-channel-address-query.json': ['channel-address-query'],
  'parserjs-channel-parameters-missing.json': ['channel-parameters-missing'],
  'parserjs-channel-parameters-null-address.json': ['channel-parameters-unused'],
  'parserjs-channel-parameters-redundant.json': ['channel-parameters-unused'],
  'parserjs-channel-servers-from-components.json': ['root-pointer-channel-server'],
  'parserjs-components-message-key-pattern.json': ['spec-key-pattern'],
  'parserjs-info-ref-not-allowed.json': ['spec-ref-not-allowed'],
  'parserjs-info-version-missing.json': ['spec-required'],
  'parserjs-operation-channel-from-components.json': ['root-pointer-operation-channel'],
  'parserjs-operation-message-not-in-channel.json': ['operation-message-not-in-channel'],
  'sjs-fixture-info-extra-property.yaml': ['spec-unknown-field'],
  'sjs-streetlights-all.json': ['ref-unresolved'],
  'studio-tutorial-invalid.yaml': ['spec-required', 'spec-type'],
};

function errorCodes(diagnostics: { severity: string; code: string }[]): string[] {
  return diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

describe(`corpus at ${corpus}`, () => {
  it('is present (set APIDESC_CORPUS to its folder)', () => {
    assert.ok(
      existsSync(join(corpus, 'valid')),
      `\n\n*** The shared corpus is missing at ${corpus}. ***\n*** Set APIDESC_CORPUS to the corpus folder; the conformance suite cannot run without it. ***\n`,
    );
  });
  if (!existsSync(join(corpus, 'valid'))) return;

  describe('valid/', () => {
    for (const name of readdirSync(join(corpus, 'valid')).sort()) {
      it(name, async () => {
        const { diagnostics } = await validateDocument(join(corpus, 'valid', name));
        if (name === 'spec-adeo-kafka-request-reply.yaml') {
          // Its two Avro schemas are remote https references: without --allow-remote-refs they must be named.
          assert.deepEqual(errorCodes(diagnostics), ['ref-remote', 'ref-remote']);
          assert.ok(diagnostics.every((d) => d.severity !== 'error' || /https:\/\/www\.asyncapi\.com\/resources\/casestudies\/adeo\//.test(d.message)));
          return;
        }
        assert.deepEqual(
          errorCodes(diagnostics),
          [],
          JSON.stringify(
            diagnostics.filter((d) => d.severity === 'error'),
            null,
            1,
          ),
        );
      });
    }
  });

  describe('multi-file/', () => {
    for (const set of readdirSync(join(corpus, 'multi-file')).sort()) {
      const setDir = join(corpus, 'multi-file', set);
      const roots = listFiles(setDir).filter((f) => /^apidesc:/m.test(readFileSync(f, 'utf8')));
      const filesRead: number[] = [];
      for (const root of roots) {
        it(root.slice(setDir.length + 1), async () => {
          const { diagnostics, doc } = await validateDocument(root, { root: setDir });
          assert.deepEqual(errorCodes(diagnostics), [], JSON.stringify(diagnostics, null, 1));
          filesRead.push(doc?.files.length ?? 0);
        });
      }
      it(`${set}: root documents found, and they read other files`, () => {
        assert.ok(roots.length > 0);
        assert.ok(Math.max(...filesRead) > 1, `files read per root: ${filesRead.join(', ')}`);
      });
    }
  });

  describe('invalid/', () => {
    const names = readdirSync(join(corpus, 'invalid')).sort();
    it('every invalid document has an expected rule in this table', () => assert.deepEqual(names, Object.keys(EXPECTED_INVALID).sort()));
    for (const name of names) {
      it(`${name} is rejected with ${EXPECTED_INVALID[name]?.join(', ')}`, async () => {
        const { diagnostics } = await validateDocument(join(corpus, 'invalid', name));
        const found = errorCodes(diagnostics);
        for (const code of EXPECTED_INVALID[name] ?? ['(unlisted)'])
          assert.ok(found.includes(code), `expected ${code}, got ${found.join(', ') || 'no errors'}`);
        assert.ok(
          diagnostics.every((d) => d.line > 0 || d.code === 'ref-remote'),
          'every diagnostic has a position',
        );
      });
    }
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : /\.(ya?ml|json)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}
