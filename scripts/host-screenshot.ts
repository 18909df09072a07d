/**
 * `node scripts/host-screenshot.ts`: the README's picture of the reference inside Starlight
 * (docs/screenshot-starlight-1280-light.png): test/fixtures/starlight-site built with the default
 * document (content/orders.apidesc.yaml), a channel's page at 1280 × 800 in the light theme,
 * the first screen. The PNG is then made small (a palette of 256 colours) with ImageMagick's
 * `convert`, when the machine has it. Needs Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, serveSite } from '../e2e/support.ts';
import { astroBuild, hostSite, REPO } from '../test/host-site.ts';

const out = join(REPO, 'docs/screenshot-starlight-1280-light.png');
const site = hostSite('starlight-site', { 'api/orders.apidesc.yaml': readFileSync(join(REPO, 'content/orders.apidesc.yaml'), 'utf8') });
try {
  const build = await astroBuild(site.dir);
  if (build.code !== 0) throw new Error(`astro build failed:\n${build.output}`);
  const { server, base } = await serveSite(join(site.dir, 'dist'));
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}reference/channels/orderevents/`);
    await page.screenshot({ path: out });
  } finally {
    await browser.close();
    server.close();
  }
  const small = spawnSync('convert', [out, '-strip', '-colors', '256', `PNG8:${out}`], { stdio: 'inherit' });
  if (small.error || small.status !== 0) process.stderr.write('convert (ImageMagick) is not there: the PNG is left as Chromium wrote it.\n');
  process.stdout.write(`${out}: ${Math.round(statSync(out).size / 1024)} KB\n`);
} finally {
  site.remove();
}
