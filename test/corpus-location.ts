/**
 * Where the shared corpus is: `$APIDESC_CORPUS`, default `../shared/corpus` beside the
 * repository. It is never copied into the repository. Suites that read it define their tests only
 * when it is there; test/corpus.test.ts is the one test that fails, loudly, when it is missing,
 * so that a missing corpus is one clear failure rather than a hundred silent skips or failures.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CORPUS = resolve(process.env.APIDESC_CORPUS ?? join(import.meta.dirname, '../../shared/corpus'));

export const HAS_CORPUS = existsSync(join(CORPUS, 'valid'));
