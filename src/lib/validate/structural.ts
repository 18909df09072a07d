/**
 * Step 1 of validation: the document and every file it reaches, against the format's JSON
 * Schema (schema/apidesc-schema.ts), with ajv.
 *
 * References are validated where they lead: the `apidescRef` keyword records each Reference
 * Object with the definition its target must satisfy; the target (in whatever file) is then
 * validated against that definition, once, and its own problems are reported at its own file
 * and position. Recursive schemas therefore cost one validation per schema, not an expansion.
 */
import type { ErrorObject } from 'ajv';
import type { Location, Problem } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../json-pointer.ts';
import { PlaceSet } from '../resolve/place-set.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';
import { describeAjvError } from './structural-messages.ts';
import { collectRefSites, keepCompiledValidators, structuralValidators } from './structural-validators.ts';

export async function validateStructure(doc: ResolvedDoc): Promise<Problem[]> {
  const validators = structuralValidators();
  const problems: Problem[] = [];
  const queue: { value: unknown; at: Location; definition: string }[] = [
    { value: doc.root.value, at: { file: doc.root.path, pointer: '' }, definition: 'Root' },
  ];
  // Each target is queued once per definition (looked up by value, not by a string built per reference).
  const seen = new PlaceSet();
  seen.add(doc.root.value, 'Root', doc.root.path, '');
  // Walked by index while it grows: each reference target is queued once per definition.
  for (let next = 0; next < queue.length; next++) {
    const item = queue[next]!;
    const validate = validators[item.definition];
    if (!validate) throw new Error(`no schema definition ${item.definition}`);
    const sites = collectRefSites(validate, item.value);
    problems.push(...reshape(validate.errors ?? [], item.at));
    for (const site of sites) {
      const siteAt = { file: item.at.file, pointer: item.at.pointer + site.instancePath };
      const target = doc.resolveRef(site.ref, siteAt);
      if (!target) continue;
      if (!seen.add(target.value, site.target, target.at.file, target.at.pointer)) continue;
      queue.push({ value: target.value, at: target.at, definition: site.target });
    }
  }
  keepCompiledValidators();
  return problems;
}

/** One problem per mistake: drop the bookkeeping errors of `if` and of alternatives that were not meant. */
function reshape(errors: ErrorObject[], base: Location): Problem[] {
  const out = new Map<string, Problem>();
  for (const error of errors) {
    const described = describeAjvError(error);
    if (!described) continue;
    const pointer = base.pointer + error.instancePath + (described.child === undefined ? '' : joinPointer('', described.child));
    const problem: Problem = {
      code: described.code,
      severity: 'error',
      message: described.message,
      hint: described.hint,
      at: { file: base.file, pointer },
      atKey: described.atKey,
    };
    out.set(`${pointer}|${described.message}`, problem);
  }
  return [...out.values()];
}
