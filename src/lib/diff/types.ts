/**
 * What `apidesc-docs diff` reports: one change per object or schema keyword that differs between
 * a base and a head version of a document, with its severity and the reason in a reviewer's words.
 */
import type { Location } from '../diagnostics/diagnostic.ts';

export type ChangeSeverity = 'breaking' | 'non-breaking' | 'info';

/** How a review titles each severity (diff's Markdown, the Changes page and its twin). */
export const SEVERITY_TITLES: Readonly<Record<ChangeSeverity, string>> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', info: 'Wording only' };

/**
 * How a schema change moves the set of messages a schema accepts. `widen`: the new schema
 * accepts messages the old one rejects (readers still on the old schema may fail). `narrow`: it
 * rejects messages the old one accepts (writers still on the old schema may be refused). `both`:
 * neither contains the other. `none`: the same messages either way (or a change of wording).
 */
export type Effect = 'widen' | 'narrow' | 'both' | 'none';

/** Who writes a message, seen from the application the document describes. */
export type Usage = 'send' | 'receive' | 'both' | 'unused';

/** The schema-registry compatibility modes a message may declare with `x-compatibility`. */
export type CompatibilityPolicy = 'BACKWARD' | 'FORWARD' | 'FULL' | 'NONE';

/** Whom a breaking change of a message breaks: those who read it, those who write it, or both. */
export type BrokenSide = 'receivers' | 'senders' | 'senders and receivers';

/** A change as found, before positions are looked up. */
export interface FoundChange {
  severity: ChangeSeverity;
  /** Stable name of the rule that found it, e.g. `channel-removed`, `schema-enum-added`. */
  rule: string;
  /** Where it is: in head, or in base for what head no longer has. */
  side: 'base' | 'head';
  at: Location;
  /** The object the change belongs to, e.g. `channel orderEvents`, `message orderEvents/orderPlaced`. */
  object: string;
  /** For message content: the message's usage, or its declared policy. */
  direction?: Usage | CompatibilityPolicy;
  /** Whom it breaks, when its effect says (a widening its receivers, a narrowing its senders). */
  breaks?: BrokenSide;
  /** The change and why it has its severity, one or two sentences. */
  message: string;
  /** The rule's own verdict, when the project's severities (diffSeverity, --severity) changed it. */
  ruleSeverity?: ChangeSeverity;
  /** A reworded text (a description, a summary): the text before and after, so that a reader sees what the words now say. */
  texts?: WordingTexts;
}

/** A text field's words in each version; a side that had none is left out. */
export interface WordingTexts {
  before?: string;
  after?: string;
}

/** A change as reported. */
export interface Change {
  severity: ChangeSeverity;
  rule: string;
  /** The API (document) it belongs to: its path relative to the folder compared, or its file name. */
  api: string;
  object: string;
  pointer: string;
  file: string;
  /** 1-based; 0 when unknown. */
  line: number;
  /** `base` when the change is located in the base version (something removed). */
  side: 'base' | 'head';
  direction: Usage | CompatibilityPolicy | null;
  /** Whom it breaks, when its effect says (a widening its receivers, a narrowing its senders). */
  breaks?: BrokenSide;
  message: string;
  /** The rule's own verdict, when the project's severities (diffSeverity, --severity) changed it. */
  ruleSeverity?: ChangeSeverity;
  /** A reworded text's words before and after (title, summary, description). */
  texts?: WordingTexts;
  /** Where to annotate the head version: the change itself, or for what was removed the nearest object head still has. */
  annotation?: { file: string; line: number };
  /** The page of the object in the site, relative to the site's root (head only). */
  url?: string;
  /** The overview of the change's API in the site (head only): `''` for a single API, `<slug>/` in a portal. */
  apiUrl?: string;
}

export interface DiffReport {
  changes: Change[];
  breaking: number;
}

export const severityOrder: Record<ChangeSeverity, number> = { breaking: 0, 'non-breaking': 1, info: 2 };
