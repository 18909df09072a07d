/**
 * One renderer bundle for every base path of a `build --versions` site. Astro writes the base
 * path into the bundle it makes (`import.meta.env.BASE_URL`, the manifest's asset links, the
 * client scripts' preload helper), so each version's folder (`/v1.2.0/`, `/v1.3.0/`, …) would
 * need a bundle of its own, made anew for every new tag (renderer-bundle.ts keys bundles by the
 * base). Instead those builds render through the bundle made for a stand-in base, a path no page
 * has otherwise, and write the real base in its place: in each page as it is written and in the
 * client files as they are copied.
 *
 * Astro treats the base only as a prefix of URLs (components write `${base}page/`), so the pages
 * are those of a bundle made for the real base, byte for byte; only the client script whose
 * preload helper holds the base keeps the file name (a hash of its content) of the stand-in's build.
 */

/**
 * The stand-in: letters, digits and `-` only, so that no escaping (HTML, URL, JSON) changes it on
 * its way into a page, and long enough that no document's text holds it by chance.
 */
export const STAND_IN_BASE = '/apidesc-base-5f0c9e27a1d4b863/';

/** `bytes` with every `from` replaced by `to`; the same Buffer when there is none. */
export function replaceBytes(bytes: Buffer, from: string, to: string): Buffer {
  const needle = Buffer.from(from);
  let at = bytes.indexOf(needle);
  if (at < 0) return bytes;
  const replacement = Buffer.from(to);
  const parts: Buffer[] = [];
  let start = 0;
  while (at >= 0) {
    parts.push(bytes.subarray(start, at), replacement);
    start = at + needle.length;
    at = bytes.indexOf(needle, start);
  }
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

/** What a page or client file rendered under the stand-in base is under `base`. */
export function withBase(bytes: Buffer, base: string): Buffer {
  return replaceBytes(bytes, STAND_IN_BASE, base.replace(/^\/?/, '/').replace(/\/?$/, '/'));
}
