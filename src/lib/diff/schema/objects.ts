/**
 * Objects: their properties (each one's schema, as every allOf part that defines it says at
 * once), which are required (with a property schema or without one), pattern properties, and
 * what the object says of properties it does not name (`additionalProperties`). A property one
 * version adds or removes is compared with what the other version gave it: nothing (a closed
 * object), a pattern property's or additionalProperties' schema, or any value (an open object).
 */
import { ANY_ID, NOTHING_ID, otherPropertySchema } from '../../schema/merge.ts';
import type { SchemaNode } from '../../schema/schema-node.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import { quote } from '../canonical.ts';
import { inHead, type Pair } from './pair.ts';
import { acceptsAnything } from './unconstrained.ts';
import { keywordAt, propertyAt, requiredAt } from './written-at.ts';

export function compareObjects(p: Pair): void {
  compareProperties(p);
  compareRequired(p);
  comparePatternProperties(p);
  compareAdditional(p);
  if (p.b.propertyNames && p.h.propertyNames) p.compare(p.b.propertyNames, p.h.propertyNames, `${p.path}(propertyNames)`);
  else if (p.b.propertyNames || p.h.propertyNames) {
    const added = p.h.propertyNames !== undefined;
    p.add(
      added ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
      added ? 'narrow' : 'widen',
      inHead(keywordAt(p.walk.head, p.h.id, 'propertyNames') ?? p.h.at),
      `propertyNames ${added ? 'added' : 'removed'}`,
      `a ${p.name} with a property name the ${added ? 'new' : 'old'} propertyNames rejects`,
    );
  }
}

function compareProperties(p: Pair): void {
  const { b, h, walk, name } = p;
  const names = [...new Set([...b.properties.map((x) => x.name), ...h.properties.map((x) => x.name)])].sort();
  for (const prop of names) {
    const before = b.properties.find((x) => x.name === prop);
    const after = h.properties.find((x) => x.name === prop);
    const sub = `${p.path}.${prop}`;
    if (before && after) {
      p.compare(before.node, after.node, sub);
    } else if (after) {
      const was = otherPropertySchema(b, prop);
      const at = { side: 'head' as const, at: written(walk.head, h, prop, after.node) };
      if (was === NOTHING_ID)
        p.add(
          'schema-property-added',
          'widen',
          at,
          `new property \`${prop}\`, which the old schema forbade (additionalProperties: false)`,
          `a ${name} with ${prop}`,
        );
      else if (was !== ANY_ID) p.compare(was, after.node, sub);
      // An open object allowed the property with any value: a schema for it narrows.
      else if (acceptsAnything(walk.head, after.node))
        p.add('schema-property-added', 'none', at, `new property \`${prop}\`, which allows any value (as before)`);
      else
        p.add(
          'schema-property-added',
          'narrow',
          at,
          `new property \`${prop}\` with a schema: before, the open object allowed any ${prop}`,
          `a ${name} with a ${prop} the new schema rejects`,
        );
    } else if (before) {
      const is = otherPropertySchema(h, prop);
      const at = { side: 'base' as const, at: written(walk.base, b, prop, before.node) };
      if (is === NOTHING_ID)
        p.add(
          'schema-property-removed',
          'narrow',
          at,
          `property \`${prop}\` removed and no longer allowed (additionalProperties: false)`,
          `a ${name} with ${prop}`,
        );
      else if (is !== ANY_ID) p.compare(before.node, is, sub);
      // The open object now allows the property with any value: what its schema rejected is accepted.
      else if (acceptsAnything(walk.base, before.node))
        p.add('schema-property-removed', 'none', at, `property \`${prop}\`, which allowed any value, is no longer described`);
      else
        p.add(
          'schema-property-removed',
          'widen',
          at,
          `property \`${prop}\` is no longer described: the open object now allows any ${prop}`,
          `a ${name} with a ${prop} the old schema rejected`,
        );
    }
  }
}

/** Where a property is written (in the object's schemas, else where its own schema is). */
function written(views: SchemaViews, node: SchemaNode, prop: string, propNode: string) {
  return propertyAt(views, node.id, prop) ?? views.node(propNode).at;
}

/** Required names: of properties with a schema, and without one. */
function requiredNames(node: SchemaNode): Set<string> {
  return new Set([...node.properties.filter((x) => x.required).map((x) => x.name), ...node.requiredOnly]);
}

function compareRequired(p: Pair): void {
  const before = requiredNames(p.b);
  const after = requiredNames(p.h);
  for (const prop of [...new Set([...before, ...after])].sort()) {
    if (before.has(prop) && !after.has(prop))
      p.add(
        'schema-required-removed',
        'widen',
        { side: 'base', at: requiredAt(p.walk.base, p.b.id, prop) ?? p.b.at },
        `\`${prop}\` is no longer required`,
        `a ${p.name} without ${prop}`,
      );
    else if (after.has(prop) && !before.has(prop))
      p.add(
        'schema-required-added',
        'narrow',
        { side: 'head', at: requiredAt(p.walk.head, p.h.id, prop) ?? p.h.at },
        `\`${prop}\` is now required`,
        `a ${p.name} without ${prop}`,
      );
  }
}

/** Pattern properties by their pattern: one added narrows the properties it matches, one removed widens them. */
function comparePatternProperties(p: Pair): void {
  const patterns = [...new Set([...p.b.patternProperties.map((x) => x.pattern), ...p.h.patternProperties.map((x) => x.pattern)])].sort();
  for (const pattern of patterns) {
    const before = p.b.patternProperties.find((x) => x.pattern === pattern);
    const after = p.h.patternProperties.find((x) => x.pattern === pattern);
    if (before && after) {
      p.compare(before.node, after.node, `${p.path}./${pattern}/`);
      continue;
    }
    const added = after !== undefined;
    p.add(
      added ? 'schema-constraint-tightened' : 'schema-constraint-relaxed',
      added ? 'narrow' : 'widen',
      inHead(keywordAt(p.walk.head, p.h.id, 'patternProperties') ?? p.h.at),
      `patternProperties ${quote(pattern)} ${added ? 'added' : 'removed'}`,
      `a ${p.name} with a property matching ${quote(pattern)} that the ${added ? 'new' : 'old'} schema of it rejects`,
    );
  }
}

/** What an object says of the properties it does not name: nothing may be there, any value, or a schema's. */
function compareAdditional(p: Pair): void {
  const ba = p.b.additionalProperties;
  const ha = p.h.additionalProperties;
  if (typeof ba === 'string' && typeof ha === 'string') {
    p.compare(ba, ha, `${p.path}.*`);
    return;
  }
  const allows = (v: string | false | undefined): 'all' | 'none' | 'schema' => (v === false ? 'none' : v === undefined ? 'all' : 'schema');
  const was = allows(ba);
  const is = allows(ha);
  if (was === is) return;
  const at = keywordAt(p.walk.head, p.h.id, 'additionalProperties', (v) => v === false) ?? keywordAt(p.walk.head, p.h.id, 'additionalProperties') ?? p.h.at;
  const widens = was === 'none' || is === 'all';
  const said = (x: 'all' | 'none' | 'schema'): string => (x === 'none' ? 'false' : x === 'all' ? 'allowed' : 'a schema');
  p.add(
    widens ? 'schema-additional-properties-allowed' : 'schema-additional-properties-forbidden',
    widens ? 'widen' : 'narrow',
    inHead(at),
    `additionalProperties ${said(was)} → ${said(is)}`,
    `a ${p.name} with properties not listed`,
  );
}
