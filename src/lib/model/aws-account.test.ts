import '../../../test/seeded-random.ts';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { tempTree } from '../../../test/helpers.ts';
import { validateDocument } from '../validate/validate-document.ts';
import { buildApiModel } from './build-model.ts';
import type { Page } from './page-types.ts';
import type { SnsHandsOn } from './sns-hands-on-types.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function pages(doc: Record<string, unknown>): Promise<Page[]> {
  const dir = tempTree({ 'api.yaml': stringify(doc) });
  dirs.push(dir);
  const { doc: resolved } = await validateDocument(join(dir, 'api.yaml'), { root: dir });
  assert.ok(resolved);
  return buildApiModel(resolved, 'api', dir).pages;
}

const ACCOUNTS = ['111122223333', '444455556666'];

/** A topic with queues subscribed by name or by ARN, the ARNs naming `accounts` in turn (none: every queue by name). */
function documentWith(accounts: readonly string[], queues: number): Record<string, unknown> {
  const consumers = Array.from({ length: queues }, (_, i) => {
    const byArn = accounts.length > 0 && (i < accounts.length || Math.random() < 0.5);
    const account = accounts[i % Math.max(1, accounts.length)];
    return { protocol: 'sqs', endpoint: byArn ? { arn: `arn:aws:sqs:eu-west-1:${account}:queue-${i}` } : { name: `queue-${i}` }, rawMessageDelivery: true };
  });
  return {
    apidesc: '3.0.0',
    info: { title: 'T', version: '1.0.0' },
    servers: { aws: { host: 'sns.eu-west-1.amazonaws.com', protocol: 'sns' } },
    channels: { orders: { address: 'orders', messages: { placed: { payload: { type: 'object', properties: { id: { type: 'string' } } } } } } },
    operations: {
      publish: { action: 'send', channel: { $ref: '#/channels/orders' }, bindings: { sns: { topic: { name: 'orders' }, consumers, bindingVersion: '0.2.0' } } },
    },
  };
}

describe('the AWS account, said alike on every page', () => {
  it("is the account the document's ARNs name when they name exactly one, else the reader's, on the server's page and in the commands; subscriptions named alike", async () => {
    for (let round = 0; round < 9; round++) {
      const accounts = ACCOUNTS.slice(0, round % 3);
      const site = await pages(documentWith(accounts, 2 + Math.floor(Math.random() * 3)));
      const why = `accounts ${accounts.join(', ') || 'none'}`;
      const server = site.find((p) => p.kind === 'server');
      // Said once on the server's page: in its Connect block, how it is formed under it.
      const connect = server?.sections.find((s) => s.type === 'connect');
      assert.ok(connect?.type === 'connect', why);
      const arnFact = { text: /^topic ARN +(.*)$/m.exec(connect.code)?.[1], noteHtml: connect.notes?.join(' ') };
      assert.ok(arnFact.text, why);
      const operation = site.find((p) => p.kind === 'operation');
      const section = operation?.sections.find((s) => s.type === 'sns-operation');
      assert.ok(section?.type === 'sns-operation' && section.handsOn, why);
      const handsOn: SnsHandsOn = section.handsOn;
      const commands = handsOn.publish.map((v) => v.cli?.code ?? '').join('\n');
      if (accounts.length === 1) {
        assert.match(arnFact.text ?? '', new RegExp(`:${accounts[0]}:`), why);
        assert.match(commands, new RegExp(`arn:aws:sns:eu-west-1:${accounts[0]}:orders`), why);
        assert.ok(!handsOn.placeholders.includes('<account-id>'), why);
        assert.doesNotMatch(commands, /<account-id>/, why);
      } else {
        assert.match(arnFact.text ?? '', /\{account-id\}/, why);
        assert.match(arnFact.noteHtml ?? '', /your (AWS )?account ID/, why);
        assert.match(commands, /arn:aws:sns:eu-west-1:<account-id>:orders/, why);
        assert.ok(handsOn.placeholders.includes('<account-id>'), why);
      }
      // Each subscription it reaches by its queue's name, whether written as an ARN or a name; the ARN as written kept beside it.
      const reached = handsOn.publish.flatMap((v) => v.reaches);
      assert.ok(reached.length > 0, why);
      for (const r of reached) {
        assert.match(r.name, /^sqs queue-\d$/, `${r.name} — ${why}`);
        if (r.endpoint !== undefined) assert.match(r.endpoint, /^arn:aws:sqs:eu-west-1:\d{12}:queue-\d$/, why);
      }
    }
  });
});
