/**
 * What each part of the schema comparison (types and values, bounds, objects, arrays,
 * alternatives, wording) is given: the walk's state, the two nodes of the normalised view
 * (src/lib/schema) being compared, and how to report a finding or compare a pair one level down.
 * The walk itself is walk.ts; the parts only read nodes, report, and ask for a pair one level down.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import type { SchemaNode } from '../../schema/schema-node.ts';
import type { SchemaViews } from '../../schema/schema-views.ts';
import type { ContentFinding } from '../classify.ts';
import type { Effect } from '../types.ts';

/** One comparison of a base schema with a head schema (a message's payload or headers), and its bounds. */
export interface SchemaWalk {
  base: SchemaViews;
  head: SchemaViews;
  findings: ContentFinding[];
  /** Pairs of nodes compared already (cycles, shared schemas). */
  seen: Set<string>;
  /** Pairs of nodes known to be written alike (or not), by their ids. */
  alike: Map<string, boolean>;
  /** Node pairs left to compare before the walk gives up (a hostile or huge schema). */
  budget: number;
  /** The walk stopped somewhere at its limits (reported once, at the first place). */
  stopped: boolean;
  /**
   * `all`: every difference of what the schemas admit. `wording`: only annotations and defaults,
   * for Avro and Protobuf, whose values are judged by their own rules (avro-compat.ts,
   * protobuf-compat.ts) while their docs, comments and defaults are read here, as the pages show them.
   */
  scope: 'all' | 'wording';
}

export interface Where {
  side: 'base' | 'head';
  at: Location;
}

export type Add = (rule: string, effect: Effect, where: Where, what: string, example?: string) => void;

export interface Pair {
  walk: SchemaWalk;
  b: SchemaNode;
  h: SchemaNode;
  path: string;
  /** The value the path names, as a reader says it (`payload.lines[].quantity` → `quantity`). */
  name: string;
  /** Inside a `not`: what widens the `not` narrows the schema. */
  flip: boolean;
  /**
   * Inside an alternative of a `oneOf` whose alternatives may overlap: a value must match exactly
   * one, so an alternative that admits less may let a value through that matched two before, and
   * one that admits more may shut out a value it now shares. Each change goes both ways.
   */
  either: boolean;
  /** Reports a finding of what the schemas admit (its effect turned inside a `not`). */
  add: Add;
  /** Compares two subschemas one level down: `negated` the schemas of a `not`, `exclusive` alternatives of a `oneOf` that may overlap. */
  compare(bId: string, hId: string, path: string, how?: 'negated' | 'exclusive'): void;
}

/** Where a finding points: in head (at the keyword when head writes it, else head's schema). */
export function inHead(at: Location): Where {
  return { side: 'head', at };
}

/** A data path as a reader can take it in: a long one keeps its first and last steps. */
export function shortPath(path: string): string {
  if (path.length <= 160) return path;
  const steps = path.split('.');
  return steps.length > 6
    ? `${steps.slice(0, 3).join('.')}.…(${steps.length - 5} levels).${steps.slice(-2).join('.')}`
    : `${path.slice(0, 80)}…${path.slice(-60)}`;
}

/** The last name of a data path, as a reader says it: `payload.lines[].quantity` → `quantity`. */
export function leaf(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\]$|\(.*\)$/g, '') || path;
}
