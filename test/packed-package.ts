/**
 * This checkout as its users install it: packed with `npm pack` and installed by the tarball's
 * path into a project of the test's own (in the system's temporary folder), with the versions of
 * Astro and Starlight this repository pins. The package is packed from a copy of the files it
 * ships, with its host integrations compiled as `prepack` compiles them (scripts/compile-node.ts),
 * so that the checkout is left as it was; the copy leaves out the standalone renderer `prepack`
 * also ships (node-dist/renderer, for `apidesc-docs build` only: the integrations never load it).
 * Dependencies come from npm's cache, filled by this repository's own install.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPO = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** What the package ships besides its compiled files (package.json "files"), and the compiler's script. */
const SHIPPED = ['package.json', 'bin', 'exports', 'src', 'public', 'astro.config.mjs', 'tsconfig.json', 'README.md', 'docs/manual', 'scripts/compile-node.ts'];

export interface PackedProject {
  dir: string;
  /** Removes the project and the packing folder. */
  remove(): void;
}

/** The versions this repository pins (package.json), by package name. */
export function pinnedVersions(): Record<string, string> {
  const pins = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return { ...pins.dependencies, ...pins.devDependencies };
}

function run(command: string, args: string[], cwd: string, timeoutMs: number): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    timeout: timeoutMs,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * A project holding `files` (path → text) with this package installed from its tarball and
 * `packages` (names pinned by this repository) beside it.
 */
export function packedProject(files: Record<string, string>, packages: string[]): PackedProject {
  const work = mkdtempSync(join(tmpdir(), 'apidesc-packed-'));
  const remove = (): void => rmSync(work, { recursive: true, force: true });
  process.once('exit', remove);
  try {
    const copy = join(work, 'package');
    for (const path of SHIPPED) cpSync(join(REPO, path), join(copy, path), { recursive: true, filter: (from) => !from.endsWith('.test.ts') });
    symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
    run(process.execPath, [join(copy, 'scripts/compile-node.ts')], copy, 120_000);
    const [{ filename }] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], copy, 120_000)) as [{ filename: string }];
    const dir = join(work, 'project');
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'team-site', private: true, type: 'module' }));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const pins = pinnedVersions();
    const specs = packages.map((name) => {
      if (!pins[name]) throw new Error(`${name} is not pinned in package.json`);
      return `${name}@${pins[name]}`;
    });
    run('npm', ['install', '--prefer-offline', '--save-exact', join(work, filename), ...specs], dir, 600_000);
    return { dir, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
