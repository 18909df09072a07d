/**
 * Whether a node of the view admits every value: `true`, `{}`, or a schema of annotations only.
 * A property that one version adds to an open object with such a schema changes nothing.
 */
import type { SchemaNode } from '../../schema/schema-node.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { rawAssertions } from './written-keywords.ts';

export function acceptsAnything(views: SchemaViews, id: string): boolean {
  const node = views.node(id);
  if (node.boolean !== undefined) return node.boolean;
  return isUnconstrained(node) && rawAssertions(views, id).size === 0;
}

/** No keyword of the node limits a value (what the view reads; see `rawAssertions` for the rest). */
function isUnconstrained(n: SchemaNode): boolean {
  return (
    n.types === undefined &&
    n.enum === undefined &&
    n.const === undefined &&
    n.properties.length === 0 &&
    n.requiredOnly.length === 0 &&
    n.patternProperties.length === 0 &&
    n.additionalProperties === undefined &&
    n.propertyNames === undefined &&
    n.minProperties === undefined &&
    n.maxProperties === undefined &&
    n.items === undefined &&
    n.tupleItems === undefined &&
    n.additionalItems === undefined &&
    n.contains === undefined &&
    n.minItems === undefined &&
    n.maxItems === undefined &&
    n.uniqueItems === undefined &&
    n.minLength === undefined &&
    n.maxLength === undefined &&
    n.patterns.length === 0 &&
    n.format === undefined &&
    Object.keys(n.numbers).length === 0 &&
    n.choices.length === 0 &&
    n.nots.length === 0 &&
    n.conditionals.length === 0
  );
}
