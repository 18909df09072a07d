/** Resolves every reference component of the guides against the modelled documents. */
import type { Diagnostic } from '../lib/diagnostics/diagnostic.ts';
import type { Page } from '../lib/model/page-types.ts';
import { parsePointer } from '../lib/json-pointer.ts';
import type { ResolvedDoc } from '../lib/resolve/resolved-doc.ts';
import { resolveGuideRef, type GuideRef } from '../site/guide-refs.ts';
import type { SiteApi } from '../site/site-data-types.ts';

/**
 * `docs[i]` is the document of `apis[i]`: pointers inside objects are checked against it.
 * `complete` models a page's content when a reference needs it (SiteModel.complete).
 */
export function checkGuideRefs(refs: GuideRef[], apis: SiteApi[], docs: ResolvedDoc[], complete: (page: Page) => Page): Diagnostic[] {
  const exists = (api: SiteApi, pointer: string): boolean => {
    const doc = docs[apis.indexOf(api)];
    const parsed = parsePointer(pointer);
    if (!doc || !parsed.ok) return false;
    let value: unknown = doc.root.value;
    for (const token of parsed.tokens) {
      if (value === null || typeof value !== 'object' || !Object.hasOwn(value, token)) return false;
      value = (value as Record<string, unknown>)[token];
    }
    return true;
  };
  return refs.flatMap((use): Diagnostic[] => {
    const resolved = resolveGuideRef(apis, use, exists, complete);
    if (!('message' in resolved)) return [];
    return [
      {
        code: 'guide-ref-unresolved',
        severity: 'error',
        message: resolved.message,
        hint: resolved.hint,
        file: use.file,
        pointer: use.ref,
        line: use.line,
        column: use.column,
      },
    ];
  });
}
