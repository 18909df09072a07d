/**
 * The official AsyncAPI tools, for side-by-side numbers: installed into a folder outside the
 * project (never a dependency of it), as ../shared/bench/peers.sh does, and run through that
 * folder's small drivers (parse-doc.mjs, gen-html.mjs) on the same documents.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PEER_VERSIONS = { parser: '3.6.3', generator: '3.4.1', htmlTemplate: '3.5.6' };

function npmInstall(dir: string, packages: string[]): void {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private": true}');
  // html-template depends on puppeteer, whose install script would download a browser.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', ...packages], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
}

/** Installs what is missing under `dir` (parser/ and gen/) and returns the two folders. */
export function installPeers(dir: string, withHtml: boolean): { parser: string; gen: string } {
  const parser = join(dir, 'parser');
  const gen = join(dir, 'gen');
  if (!existsSync(join(parser, 'node_modules/@asyncapi/parser'))) {
    console.error(`installing @asyncapi/parser@${PEER_VERSIONS.parser} into ${parser} …`);
    npmInstall(parser, [`@asyncapi/parser@${PEER_VERSIONS.parser}`]);
  }
  if (withHtml && !existsSync(join(gen, 'node_modules/@asyncapi/html-template'))) {
    console.error(`installing @asyncapi/generator@${PEER_VERSIONS.generator} and @asyncapi/html-template@${PEER_VERSIONS.htmlTemplate} into ${gen} …`);
    npmInstall(gen, [`@asyncapi/generator@${PEER_VERSIONS.generator}`, `@asyncapi/html-template@${PEER_VERSIONS.htmlTemplate}`]);
  }
  return { parser, gen };
}
