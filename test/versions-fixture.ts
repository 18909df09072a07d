/**
 * A git repository with versions of a folder of two APIs, for `build --versions`, made in a new
 * temporary folder by real git (the caller removes it):
 *
 *   v1.0.0  orders: publishOrder sends orderPlaced {status: placed} on `orders`; archiveOrders
 *           receives on `audit`. billing: sendInvoice on `invoices`.
 *   v1.1.0  publishOrder renamed emitOrder (same action, same channel: diff pairs it); the sent
 *           payload widened (status may be `cancelled`: breaking for its consumers).
 *   v2.0.0  archiveOrders removed; the payload narrowed (`total` required: breaking for whoever
 *           sends it); billing.yaml deleted (a deleted API).
 *   working tree (committed, untagged)  emitOrder's description reworded (wording only).
 *
 * Commit dates are fixed: the versions' dates, and so the feed, are the same on every run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers.ts';

type Step = 'v1.0.0' | 'v1.1.0' | 'v2.0.0' | 'head';

const STEPS: readonly Step[] = ['v1.0.0', 'v1.1.0', 'v2.0.0', 'head'];

function orders(step: Step): string {
  const at = STEPS.indexOf(step);
  const send = at >= 1 ? 'emitOrder' : 'publishOrder';
  const statuses = at >= 1 ? '[placed, cancelled]' : '[placed]';
  const required = at >= 2 ? '[status, total]' : '[status]';
  const description = step === 'head' ? 'Emits each order once it is placed.' : 'Emits each order.';
  return `apidesc: 3.0.0
info:
  title: Orders
  version: '${step === 'head' ? '2.0.1' : step.slice(1)}'
channels:
  orders:
    address: orders
    messages:
      orderPlaced:
        name: OrderPlaced
        payload:
          type: object
          required: ${required}
          properties:
            status: {type: string, enum: ${statuses}}
            total: {type: number}
  audit:
    address: audit
    messages:
      auditEntry:
        payload: {type: string}
operations:
  ${send}:
    action: send
    description: ${description}
    channel: {$ref: '#/channels/orders'}
    messages: [{$ref: '#/channels/orders/messages/orderPlaced'}]
${
  at >= 2
    ? ''
    : `  archiveOrders:
    action: receive
    channel: {$ref: '#/channels/audit'}
    messages: [{$ref: '#/channels/audit/messages/auditEntry'}]
`
}`;
}

const BILLING = `apidesc: 3.0.0
info:
  title: Billing
  version: '1.0.0'
channels:
  invoices:
    address: invoices
    messages:
      invoiceSent:
        payload: {type: string}
operations:
  sendInvoice:
    action: send
    channel: {$ref: '#/channels/invoices'}
    messages: [{$ref: '#/channels/invoices/messages/invoiceSent'}]
`;

export interface VersionsRepository {
  /** The repository's folder. */
  dir: string;
  /** The folder of documents, `api/`, inside it. */
  api: string;
  remove(): void;
}

/** Runs git in `dir`, bounded, with a fixed identity and the date of step `day`. */
function git(dir: string, args: string[], day = 1): void {
  const date = `2026-0${Math.min(day, 9)}-1${day % 10}T12:00:00Z`;
  execFileSync('git', ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd: dir,
    timeout: 20_000,
    stdio: 'pipe',
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

export function makeVersionsRepository(): VersionsRepository {
  // Removed by the caller, and at the latest when the test process exits (an interrupted run included).
  const dir = tempDir('apidesc-versions-repo-');
  const api = join(dir, 'api');
  mkdirSync(api);
  git(dir, ['init', '-q', '-b', 'main']);
  for (const [day, step] of STEPS.entries()) {
    writeFileSync(join(api, 'orders.yaml'), orders(step));
    if (STEPS.indexOf(step) < 2) writeFileSync(join(api, 'billing.yaml'), BILLING);
    else rmSync(join(api, 'billing.yaml'), { force: true });
    git(dir, ['add', '-A'], day + 1);
    git(dir, ['commit', '-q', '-m', step], day + 1);
    if (step !== 'head') git(dir, ['tag', step], day + 1);
  }
  return { dir, api, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
