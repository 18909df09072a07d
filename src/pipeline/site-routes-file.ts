/**
 * The site's routes, flows and page addresses, handed from the model process to the command by
 * a file in the build's work folder rather than in the stage's outcome message.
 *
 * A portal of 500 APIs has about 300,000 routes and as many addresses. In the outcome message
 * (child-lifetime.ts) they were one JSON text of about 70 MB, made at the end of the model process
 * while it still held everything it had modelled: the shard's peak, 1.9 → 2.1 GB in its last
 * seconds, and 100 → 175 MB in the command at the same moment (bench/README.md, "Portals, ninth
 * round"). Here they are written a few thousand at a time, and the command reads them once it
 * needs them: after the pages are rendered, when the model process has ended.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RouteEntry } from '../lib/model/types.ts';
import type { FlowsNotListed, PortalFlow } from '../lib/portal/flow-types.ts';

/** What the command writes beside the pages from them (site-extras.ts): the route manifest, the sitemap, the 404 page's lists. */
export interface SiteRoutes {
  routes: RouteEntry[];
  /** In a portal, the flows between its APIs (for the route manifest), and those it counts without listing. */
  flows: PortalFlow[];
  flowsNotListed?: FlowsNotListed;
  /** Every page, relative to the site root (for the sitemap). */
  urls: string[];
}

/** The file's name in the build's work folder. */
export function siteRoutesFile(work: string): string {
  return join(work, 'site-routes.json');
}

/** Characters of JSON gathered before they are written. */
const PIECE = 1 << 20;

/** Writes `routes` into `file` as one JSON object, an element at a time. */
export function writeSiteRoutes(file: string, routes: SiteRoutes): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    let piece = '';
    const put = (text: string): void => {
      piece += text;
      if (piece.length >= PIECE) {
        writeSync(fd, piece);
        piece = '';
      }
    };
    const putArray = (items: readonly unknown[]): void => {
      put('[');
      for (let i = 0; i < items.length; i++) put((i === 0 ? '' : ',') + JSON.stringify(items[i]));
      put(']');
    };
    put('{"routes":');
    putArray(routes.routes);
    put(',"flows":');
    putArray(routes.flows);
    if (routes.flowsNotListed) put(`,"flowsNotListed":${JSON.stringify(routes.flowsNotListed)}`);
    put(',"urls":');
    putArray(routes.urls);
    put('}');
    writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
}

/** The routes the model process wrote into `file` (writeSiteRoutes). */
export function readSiteRoutes(file: string): SiteRoutes {
  return JSON.parse(readFileSync(file, 'utf8')) as SiteRoutes;
}
