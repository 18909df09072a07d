/**
 * The name of one alternative of a `oneOf`/`anyOf`: the schema table's shape headings and the
 * titles of the examples generated for each shape say the same name (schema-rows.ts,
 * generated-examples.ts), so a reader can match an example to its shape.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaViews } from '../schema/schema-views.ts';
import type { DiscriminatorIndex } from './discriminators.ts';

/** What names a shape beyond the schema itself: the document's components and discriminators. */
export interface AlternativeNaming {
  componentAt?: (at: Location) => { id: string; url: string } | undefined;
  discriminators?: DiscriminatorIndex;
}

const locationKey = (at: Location): string => `${at.file}#${at.pointer}`;

/** An alternative is named by the discriminator value that selects it, else its title, else its schema's name. */
export function alternativeName(
  views: SchemaViews,
  parent: SchemaNode,
  discriminator: string | undefined,
  option: SchemaNode,
  index: number,
  options: AlternativeNaming,
): string {
  const property = discriminator ?? parent.discriminator;
  if (property) {
    const subtype = options.discriminators?.subtypes.get(locationKey(option.at))?.find((s) => s.property === property);
    if (subtype) return subtype.value;
    const edge = option.properties.find((p) => p.name === property);
    const prop = edge && views.node(edge.node);
    if (prop?.const) return String(prop.const.value);
    if (prop?.enum?.length === 1) return String(prop.enum[0]);
  }
  if (option.title) return option.title;
  const named = options.componentAt?.(option.at);
  if (named) return named.id;
  if (option.nativeType?.startsWith('message ') || option.nativeType?.startsWith('record ')) return option.nativeType.slice(option.nativeType.indexOf(' ') + 1);
  return `shape ${index + 1}`;
}
