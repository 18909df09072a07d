/**
 * Pairs of documents for the `diff` tests: a small API whose one message is sent, received, or
 * both, built around the part a test changes (payload, headers, bindings, …), and a runner that
 * compares a pair as the command does (both files loaded as `validate` loads them).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLimits } from '../src/lib/load/limits.ts';
import { DIFF_RULE_IDS, severitiesOf } from '../src/lib/diff/rule-ids.ts';
import { diffSides } from '../src/lib/diff/compare-inputs.ts';
import type { Change, DiffReport } from '../src/lib/diff/types.ts';
import { tempDir, tempTree } from './helpers.ts';

export type Direction = 'send' | 'receive' | 'both';

export interface ApiParts {
  direction?: Direction;
  payload?: unknown;
  headers?: unknown;
  /** Extra fields of the message (contentType, correlationId, x-compatibility, …). */
  message?: Record<string, unknown>;
  channelBindings?: unknown;
  /** Bindings of the receive operation (where sns subscriptions are). */
  receiveBindings?: unknown;
  components?: Record<string, unknown>;
  /** Replaces any part of the document after it is built. */
  patch?: (doc: Record<string, unknown>) => void;
}

/** A document: channel `orders` with message `orderPlaced`, used by operations as `direction` says. */
export function api(parts: ApiParts = {}): Record<string, unknown> {
  const direction = parts.direction ?? 'send';
  const message: Record<string, unknown> = {
    ...(parts.payload !== undefined ? { payload: parts.payload } : {}),
    ...(parts.headers !== undefined ? { headers: parts.headers } : {}),
    ...parts.message,
  };
  const operations: Record<string, unknown> = {};
  const ref = { $ref: '#/channels/orders' };
  const messages = [{ $ref: '#/channels/orders/messages/orderPlaced' }];
  if (direction !== 'receive') operations.publishOrder = { action: 'send', channel: ref, messages };
  if (direction !== 'send')
    operations.consumeOrder = { action: 'receive', channel: ref, messages, ...(parts.receiveBindings ? { bindings: parts.receiveBindings } : {}) };
  const doc: Record<string, unknown> = {
    apidesc: '3.0.0',
    info: { title: 'Orders', version: '1.0.0' },
    servers: { production: { host: 'broker.example.com', protocol: 'sns' } },
    channels: { orders: { address: 'orders', messages: { orderPlaced: message }, ...(parts.channelBindings ? { bindings: parts.channelBindings } : {}) } },
    operations,
    ...(parts.components ? { components: parts.components } : {}),
  };
  parts.patch?.(doc);
  return doc;
}

/** Writes base and head into a fresh folder (as JSON, or as given text) and compares them. */
export async function diffPair(base: unknown, head: unknown, files: Record<string, string> = {}): Promise<DiffReport> {
  const dir = tempDir('apidesc-diff-');
  const write = (name: string, value: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return path;
  };
  for (const [name, text] of Object.entries(files)) write(name, text);
  const b = write(typeof base === 'string' ? 'base.yaml' : 'base.json', base);
  const h = write(typeof head === 'string' ? 'head.yaml' : 'head.json', head);
  const outcome = await diffSides(
    { files: [b], display: (f) => f.slice(dir.length + 1), root: dir },
    { files: [h], display: (f) => f.slice(dir.length + 1), root: dir },
    { limits: defaultLimits, allowRemoteRefs: false, cwd: dir },
  );
  if (outcome.unreadable) throw new Error(`unreadable: ${outcome.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).join('; ')}`);
  checkCatalogue(outcome.report);
  return outcome.report;
}

/**
 * Two versions of a set of files (path → text), each in a folder of its own, compared as the
 * command compares them: the documents `roots` of each side, or with `folder` the two folders
 * (every root document in them).
 */
export async function diffTrees(
  base: Record<string, string>,
  head: Record<string, string>,
  roots: string[] = ['main.yaml'],
  folder = false,
): Promise<DiffReport> {
  const side = (files: Record<string, string>) => {
    const dir = tempTree(files);
    return {
      files: roots.map((r) => join(dir, r)),
      display: (f: string) => f.slice(dir.length + 1),
      root: dir,
      ...(folder ? { folder: dir } : {}),
    };
  };
  const b = side(base);
  const h = side(head);
  const outcome = await diffSides(b, h, { limits: defaultLimits, allowRemoteRefs: false, cwd: b.root });
  if (outcome.unreadable) throw new Error(`unreadable: ${outcome.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).join('; ')}`);
  checkCatalogue(outcome.report);
  return outcome.report;
}

/**
 * Every rule a change is reported by is in the catalogue (src/lib/diff/rule-ids.ts), so that it
 * can be named in a project's severity overrides, with the severity it had before them among
 * those the catalogue (and so the manual's table) says it can have.
 */
export function checkCatalogue(report: DiffReport): void {
  const unknown = report.changes.filter((c) => !DIFF_RULE_IDS.has(c.rule)).map((c) => c.rule);
  if (unknown.length > 0) throw new Error(`rules missing from src/lib/diff/rule-ids.ts: ${[...new Set(unknown)].join(', ')}`);
  const misjudged = report.changes.filter((c) => !severitiesOf(c.rule).includes(c.ruleSeverity ?? c.severity));
  if (misjudged.length > 0)
    throw new Error(
      `severities src/lib/diff/rule-ids.ts does not allow: ${[...new Set(misjudged.map((c) => `${c.rule} ${c.ruleSeverity ?? c.severity}`))].join(', ')}`,
    );
}

/** `rule severity` of every change, for messages when an assertion fails. */
export const summaryOf = (report: DiffReport): string[] => report.changes.map((c: Change) => `${c.rule} ${c.severity} ${c.pointer} ${c.message}`);
