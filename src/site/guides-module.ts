/**
 * A Vite plugin that gives the site the guides as a module, `virtual:apidesc-guides`: guide id →
 * a function importing the guide (Astro compiles `.mdx` and `.md` imports into components).
 * Built from the folder and files the command line hands over (guide-files.ts); without guides it
 * is an empty map and costs nothing (a content collection cost every build about 0.7 s).
 */
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';
import { guideFilesFromEnvironment, guidePaths } from './guide-files.ts';
import { guideId } from './guide-refs.ts';

const ID = 'virtual:apidesc-guides';
const RESOLVED = '\0' + ID;

/** Every guide of a folder (`dev`: guides come and go while it runs); none while the folder is gone. */
function listGuides(dir: string): string[] {
  try {
    return guidePaths(dir);
  } catch {
    return [];
  }
}

export function guidesModule(): Plugin {
  return {
    name: 'apidesc-guides',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const guides = guideFilesFromEnvironment();
      if (!guides) return 'export default {};';
      const files = guides.files ?? listGuides(guides.dir);
      const entries = files.map((file) => `  ${JSON.stringify(guideId(file))}: () => import(${JSON.stringify(join(guides.dir, file))}),`);
      return `export default {\n${entries.join('\n')}\n};`;
    },
    configureServer(server) {
      // A guide added or removed in `dev` changes the map.
      const guides = guideFilesFromEnvironment();
      if (!guides) return;
      const changed = (path: string): void => {
        if (!path.startsWith(guides.dir + sep) || !/\.mdx?$/i.test(path)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED);
          if (module) environment.moduleGraph.invalidateModule(module);
          // Astro keeps the routes until told that content changed.
          if (environment.name !== 'client') environment.hot.send('astro:content-changed', {});
        }
      };
      // The guides folder is usually outside the site's folder, which is all Vite watches.
      server.watcher.add(guides.dir);
      server.watcher.on('add', changed);
      server.watcher.on('unlink', changed);
    },
  };
}
