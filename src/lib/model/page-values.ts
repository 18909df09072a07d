/** Text values prepared for display: templates with their variables marked, external links that are safe to follow. */

/** A template (address, URL) split into literal text and `{variable}` names. */
export function templateParts(template: string): { text: string; variable?: boolean }[] {
  return template
    .split(/(\{[^{}]+\})/)
    .filter((p) => p !== '')
    .map((p) => (/^\{[^{}]+\}$/.test(p) ? { text: p, variable: true } : { text: p }));
}

/** An external URL, only when it is http(s) or mailto (never javascript:, data:, …). */
export function safeHref(url: string): string | undefined {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) && URL.canParse(url.trim()) ? url.trim() : undefined;
}
