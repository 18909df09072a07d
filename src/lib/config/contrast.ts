/** WCAG 2 contrast of hex colours: the accent colour must stay readable as link text. */

function luminance(hex: string): number {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text colour for a filled accent background (the current page in pagination): the more readable one. */
export function textOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#0b1020') ? '#ffffff' : '#0b1020';
}

/** The page backgrounds of the two themes (src/styles/site.css, --bg). */
export const BACKGROUNDS = { light: '#ffffff', dark: '#11151c' } as const;

/** Normal text needs 4.5:1 (WCAG 2.2, 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
