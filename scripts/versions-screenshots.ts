/**
 * `node scripts/versions-screenshots.ts`: the README's pictures of `build --versions`, remade from
 * the repository of test/versions-fixture.ts (three tags and a working tree), built into a
 * temporary folder and served on 127.0.0.1, at 1280 × 800 in the light theme, the first screen:
 *
 *   docs/screenshot-version-switcher-1280-light.png  v1.1.0's emitOrder, its version switcher open
 *   docs/screenshot-changelog-1280-light.png          the changelog, at v1.1.0's changes
 *
 * Each PNG is then made small (a palette of 256 colours) with ImageMagick's `convert`, when the
 * machine has it. Needs Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, runCli, serveSite } from '../e2e/support.ts';
import { tempDir } from '../test/helpers.ts';
import { makeVersionsRepository } from '../test/versions-fixture.ts';

const docs = join(import.meta.dirname, '..', 'docs');
const shots = [
  { file: 'screenshot-version-switcher-1280-light.png', url: 'v1.1.0/orders/operations/emitorder/', openSwitcher: true },
  { file: 'screenshot-changelog-1280-light.png', url: 'changelog/#version-v1.1.0', openSwitcher: false },
];

const repo = makeVersionsRepository();
const work = tempDir('apidesc-versions-screenshots-');
try {
  const site = join(work, 'site');
  if ((await runCli(['build', 'api', '--versions', 'v*', '--out', site, '--cache', join(work, 'cache')], repo.dir)) !== 0)
    throw new Error('the build of the versions fixture failed');
  const { server, base } = await serveSite(site);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    for (const shot of shots) {
      await page.goto(`${base}${shot.url}`);
      if (shot.openSwitcher) await page.locator('.version-switcher > summary').click();
      await page.screenshot({ path: join(docs, shot.file) });
    }
  } finally {
    await browser.close();
    server.close();
  }
  for (const { file } of shots) {
    const out = join(docs, file);
    const small = spawnSync('convert', [out, '-strip', '-colors', '256', `PNG8:${out}`], { stdio: 'inherit', timeout: 60_000 });
    if (small.error || small.status !== 0) process.stderr.write('convert (ImageMagick) is not there: the PNG is left as Chromium wrote it.\n');
    process.stdout.write(`${out}: ${Math.round(statSync(out).size / 1024)} KB\n`);
  }
} finally {
  repo.remove();
  rmSync(work, { recursive: true, force: true });
}
