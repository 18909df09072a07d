/**
 * `/.well-known/api-catalog` (RFC 9727): the site's APIs as a linkset (RFC 9264, served as
 * `application/linkset+json`). The first context is the catalog itself, with an `item` link per
 * API; then each API's documentation (`service-doc`: its overview and its llms.txt) and its
 * source documents (`service-desc`).
 */
import { listedTitle } from '../../lib/model/api-titles.ts';
import type { SiteApi } from '../site-data-types.ts';
import type { SiteLink } from './llms-txt.ts';

export const API_CATALOG_PATH = '.well-known/api-catalog';
/** The media type with the profile RFC 9727 registers, for hosts that can be told (docs/manual/machines.md, _headers). */
export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

interface Target {
  href: string;
  type?: string;
  title?: string;
}

export function apiCatalog(apis: SiteApi[], link: SiteLink): string {
  const contexts: Record<string, string | Target[]>[] = [
    { anchor: link(API_CATALOG_PATH), item: apis.map((api) => ({ href: link(api.prefix), title: listedTitle(api) })) },
    ...apis.map((api) => ({
      anchor: link(api.prefix),
      'service-doc': [
        { href: link(api.prefix), type: 'text/html', title: `${api.title}: reference` },
        { href: link(`${api.prefix}llms.txt`), type: 'text/markdown', title: `${api.title}: llms.txt` },
      ],
      'service-desc': api.downloads.map((d) => ({
        href: link(`${api.prefix}${d.url}`),
        type: /\.json$/i.test(d.url) ? 'application/json' : 'application/yaml',
        title: d.label,
      })),
    })),
  ];
  return `${JSON.stringify({ linkset: contexts }, null, 2)}\n`;
}
