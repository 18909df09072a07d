/**
 * The logo and favicon published with the site. An SVG is a document that can run script when
 * opened on its own (`assets/logo.svg` on the docs' origin), so it is published only after an
 * allowlist of drawing elements and attributes (sanitize-html, in XML mode so that names such as
 * `viewBox` keep their case): no script, no event handlers, no foreignObject, no links or
 * references out of the file. Raster images are published as they are.
 */
import type sanitizeHtml from 'sanitize-html';
import { lazyModule } from '../../perf/lazy-module.ts';

/** Largest logo or favicon accepted. */
export const MAX_ASSET_BYTES = 1024 * 1024;

const SVG_TAGS = [
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'symbol',
  'use',
  'title',
  'desc',
];

const SVG_ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'role',
  'aria-label',
  'aria-hidden',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'd',
  'points',
  'transform',
  'opacity',
  'visibility',
  'display',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'vector-effect',
  'paint-order',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'textLength',
  'href',
  'xlink:href',
];

const SVG_OPTIONS: sanitizeHtml.IOptions = {
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  // References only inside the file (`#gradient`): no scheme at all, and no protocol-relative URL.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Every element written with its end tag (`<rect …></rect>`), which XML reads as an empty one:
  // sanitize-html would write the children of a self-closed element after it.
  selfClosing: [],
  // A `use` may show a part of this file, never another one (its reference out was removed above).
  exclusiveFilter: (frame) => frame.tag === 'use' && !(frame.attribs.href ?? frame.attribs['xlink:href'] ?? '').startsWith('#'),
};

/**
 * sanitize-html and what it loads (postcss, htmlparser2: about 50 modules), loaded on the first
 * SVG: most sites have none, and every build loads this module before it starts its stages.
 */
const sanitizer = lazyModule<typeof sanitizeHtml>('sanitize-html');

/** An SVG with only drawing left in it. */
export function sanitizeSvg(svg: string): string {
  return sanitizer()(svg, SVG_OPTIONS);
}

/** The bytes to publish for an asset file of this name. */
export function publishableAsset(name: string, data: Buffer): Buffer {
  return /\.svg$/i.test(name) ? Buffer.from(sanitizeSvg(data.toString('utf8'))) : data;
}
