/**
 * The shape of a payload, to tell whether two APIs of a portal agree on a message (issue 22):
 * what its schema accepts, from its normalised view (src/lib/schema/fingerprint.ts: any format,
 * allOf merged, references followed, wording left out, which two teams write differently for the
 * same message), as a short digest; and its top-level fields, to say which differ.
 */
import { createHash } from 'node:crypto';
import { acceptedShapeText } from '../schema/fingerprint.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaViews } from '../schema/schema-views.ts';

export function payloadFingerprint(views: SchemaViews, root: SchemaNode): string {
  return createHash('sha256').update(acceptedShapeText(views, root)).digest('base64url').slice(0, 16);
}

/** The payload's top-level properties and required fields (its allOf parts' included). */
export function topLevelFields(root: SchemaNode): { properties?: string[]; required?: string[] } {
  if (root.properties.length === 0 && root.requiredOnly.length === 0) return {};
  const properties = root.properties.map((p) => p.name).sort();
  const required = [...root.properties.filter((p) => p.required).map((p) => p.name), ...root.requiredOnly].sort();
  return { ...(properties.length > 0 ? { properties } : {}), ...(required.length > 0 ? { required } : {}) };
}
