/**
 * Warnings for sns binding values that are legal but likely wrong (issue: validator lints):
 * delivery-policy phase counts above `numRetries`, `minDelayTarget` > `maxDelayTarget`, a
 * dead-letter `arn` that is not an sqs queue ARN, a `name` endpoint that matches no queue defined
 * in an sqs binding of the same operation, an empty identifier, an identifier kind that does not
 * fit the consumer's protocol, an unknown bindingVersion,
 * a delivery policy on a subscription that does not follow one (protocols other than HTTP(S)), a
 * subscription of a FIFO topic that is no SQS queue (AWS refuses it: fifo-protocols.ts). Topic
 * names, a FIFO topic's `.fifo` ending among them, are sns-topic-name.ts's.
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import { ownValue } from '../../own-key.ts';
import { entries } from '../../resolve/doc-index.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { fixedPolicyOf } from '../../sns/delivery-protocols.ts';
import { isFifoBinding, refusedOnFifo } from '../../sns/fifo-protocols.ts';
import { effective } from '../effective.ts';
import { fieldAt, problem, type Rule, type RuleContext } from './rule.ts';

const SQS_ARN = /^arn:[a-z-]+:sqs:[a-z0-9-]*:\d{12}:[A-Za-z0-9_-]{1,80}(\.fifo)?$/;

const EXPECTED_IDENTIFIER: Record<string, string[]> = {
  http: ['url'],
  https: ['url'],
  email: ['email'],
  'email-json': ['email'],
  sms: ['phone'],
  sqs: ['arn', 'name'],
  lambda: ['arn', 'name'],
  firehose: ['arn', 'name'],
  application: ['arn', 'name'],
};

export const snsLintRule: Rule = {
  id: 'sns-lint',
  description: 'sns binding values that are legal but likely wrong (warnings)',
  run(ctx) {
    for (const node of ctx.index.of('ChannelBindings')) lintChannel(ctx, node.value.sns, fieldAt(node, 'sns'));
    for (const op of ctx.index.of('Operation')) {
      const merged = effective(ctx.doc, op);
      if (!merged.origin.bindings) continue;
      const bindings = ctx.doc.deref(merged.value.bindings, fieldAt(merged.origin.bindings, 'bindings'));
      if (!bindings || !isPlainObject(bindings.value) || !isPlainObject(bindings.value.sns)) continue;
      lintOperation(
        ctx,
        bindings.value.sns,
        fieldAt(bindings.at, 'sns'),
        queueNames(bindings.value.sqs),
        fifoTopicName(ctx, op.value.channel, fieldAt(op, 'channel')),
      );
    }
  },
};

function lintChannel({ report }: RuleContext, sns: unknown, at: Location): void {
  if (!isPlainObject(sns)) return;
  checkVersion(report, sns, at);
  const ordering = isPlainObject(sns.ordering) ? sns.ordering : undefined;
  if (ordering?.type !== 'FIFO' && ordering?.contentBasedDeduplication === true) {
    report(
      problem(
        'sns-dedup-standard',
        'warning',
        fieldAt(at, 'ordering', 'contentBasedDeduplication'),
        'content-based deduplication is only available on FIFO topics',
        'Set ordering.type to FIFO, or remove contentBasedDeduplication.',
      ),
    );
  }
}

/**
 * The name of the operation's topic when its channel's sns binding makes it a FIFO topic (the
 * binding's `name`, else the channel's address, else empty); undefined for any other channel.
 */
function fifoTopicName(ctx: RuleContext, channelRef: unknown, site: Location): string | undefined {
  const channel = ctx.doc.deref(channelRef, site);
  if (!channel || !isPlainObject(channel.value)) return undefined;
  const bindings = ctx.doc.deref(channel.value.bindings, fieldAt(channel.at, 'bindings'));
  const sns = bindings && isPlainObject(bindings.value) ? bindings.value.sns : undefined;
  if (!isFifoBinding(sns)) return undefined;
  const name = isPlainObject(sns) && typeof sns.name === 'string' ? sns.name : channel.value.address;
  return typeof name === 'string' ? name : '';
}

function lintOperation(ctx: RuleContext, sns: Record<string, unknown>, at: Location, queues: Set<string>, fifoTopic: string | undefined): void {
  const { report } = ctx;
  checkVersion(report, sns, at);
  if (isPlainObject(sns.topic)) checkIdentifier(report, sns.topic, fieldAt(at, 'topic'));
  lintDeliveryPolicy(report, sns.deliveryPolicy, fieldAt(at, 'deliveryPolicy'));
  for (const [i, consumer] of entries(sns.consumers)) {
    if (!isPlainObject(consumer)) continue;
    const cAt = fieldAt(at, 'consumers', i);
    if (fifoTopic !== undefined && refusedOnFifo(consumer.protocol)) {
      report(
        problem(
          'sns-fifo-protocol',
          'warning',
          fieldAt(cAt, 'protocol'),
          `AWS refuses this ${String(consumer.protocol)} subscription: the topic${fifoTopic ? ` "${fifoTopic}"` : ''} is FIFO, and a FIFO topic delivers to SQS queues only`,
          'Subscribe an SQS queue (FIFO or standard) instead, and let the function or endpoint read from it; or subscribe it to a standard topic (ordering.type standard).',
        ),
      );
    }
    lintDeliveryPolicy(report, consumer.deliveryPolicy, fieldAt(cAt, 'deliveryPolicy'));
    if (consumer.deliveryPolicy !== undefined && fixedPolicyOf(consumer.protocol)) {
      report(
        problem(
          'sns-delivery-policy-protocol',
          'warning',
          fieldAt(cAt, 'deliveryPolicy'),
          `this ${String(consumer.protocol)} subscription does not follow a delivery policy: AWS fixes its retries`,
          'Only HTTP(S) subscriptions follow a declared delivery policy; remove it here, or give this consumer a dead-letter queue (redrivePolicy) for what the fixed retries cannot deliver.',
        ),
      );
    }
    if (isPlainObject(consumer.endpoint)) {
      const endpoint = consumer.endpoint;
      const eAt = fieldAt(cAt, 'endpoint');
      checkIdentifier(report, endpoint, eAt);
      const expected = ownValue(EXPECTED_IDENTIFIER, String(consumer.protocol));
      const given = ['url', 'email', 'phone', 'arn', 'name'].filter((k) => endpoint[k] !== undefined);
      if (expected && given.length > 0 && !given.some((k) => expected.includes(k))) {
        report(
          problem(
            'sns-endpoint-kind',
            'warning',
            eAt,
            `a ${String(consumer.protocol)} consumer is identified by ${given.join(', ')}, expected ${expected.join(' or ')}`,
            'Use the identifier that fits the protocol (e.g. email for email, url for https).',
          ),
        );
      }
      checkQueueName(report, endpoint, eAt, consumer.protocol === 'sqs', queues);
    }
    const redrive = isPlainObject(consumer.redrivePolicy) ? consumer.redrivePolicy : undefined;
    const dlq = redrive && isPlainObject(redrive.deadLetterQueue) ? redrive.deadLetterQueue : undefined;
    if (dlq) {
      const dAt = fieldAt(cAt, 'redrivePolicy', 'deadLetterQueue');
      checkIdentifier(report, dlq, dAt);
      if (typeof dlq.arn === 'string' && !SQS_ARN.test(dlq.arn)) {
        report(
          problem(
            'sns-dlq-arn',
            'warning',
            fieldAt(dAt, 'arn'),
            `the dead-letter queue "${dlq.arn}" is not an sqs queue ARN`,
            'A dead-letter queue is an sqs queue: arn:<partition>:sqs:<region>:<account-id>:<queue-name> (the service is lower-case "sqs").',
          ),
        );
      }
      checkQueueName(report, dlq, dAt, true, queues);
    }
  }
}

function checkQueueName(report: RuleContext['report'], identifier: Record<string, unknown>, at: Location, isQueue: boolean, queues: Set<string>): void {
  if (!isQueue || typeof identifier.name !== 'string' || queues.has(identifier.name)) return;
  report(
    problem(
      'sns-queue-name',
      'warning',
      fieldAt(at, 'name'),
      `no queue named "${identifier.name}" is defined in an sqs binding of this operation`,
      `Define the queue under bindings.sqs.queues of the same operation${queues.size ? ` (defined: ${[...queues].join(', ')})` : ''}, or identify it by arn.`,
    ),
  );
}

function checkIdentifier(report: RuleContext['report'], identifier: Record<string, unknown>, at: Location): void {
  if (!['url', 'email', 'phone', 'arn', 'name'].some((k) => identifier[k] !== undefined)) {
    report(problem('sns-identifier-empty', 'warning', at, 'the identifier is empty', 'Give one of url, email, phone, arn or name.'));
  }
}

function lintDeliveryPolicy(report: RuleContext['report'], policy: unknown, at: Location): void {
  if (!isPlainObject(policy)) return;
  const n = (k: string): number => (typeof policy[k] === 'number' ? (policy[k] as number) : 0);
  if (typeof policy.numRetries === 'number') {
    const phases = n('numNoDelayRetries') + n('numMinDelayRetries') + n('numMaxDelayRetries');
    if (phases > policy.numRetries) {
      report(
        problem(
          'sns-delivery-phases',
          'warning',
          fieldAt(at, 'numRetries'),
          `the retry phases add up to ${phases} (numNoDelayRetries ${n('numNoDelayRetries')} + numMinDelayRetries ${n('numMinDelayRetries')} + numMaxDelayRetries ${n('numMaxDelayRetries')}), more than numRetries ${policy.numRetries}`,
          'numRetries is the total over all phases: raise it or lower the phase counts.',
        ),
      );
    }
  }
  if (typeof policy.minDelayTarget === 'number' && typeof policy.maxDelayTarget === 'number' && policy.minDelayTarget > policy.maxDelayTarget) {
    report(
      problem(
        'sns-delivery-delays',
        'warning',
        fieldAt(at, 'minDelayTarget'),
        `minDelayTarget ${policy.minDelayTarget} s is greater than maxDelayTarget ${policy.maxDelayTarget} s`,
        'Swap the two values, or make the minimum no larger than the maximum.',
      ),
    );
  }
}

function checkVersion(report: RuleContext['report'], sns: Record<string, unknown>, at: Location): void {
  const v = sns.bindingVersion;
  if (typeof v === 'string' && v !== '0.2.0' && v !== 'latest') {
    report(
      problem(
        'sns-binding-version',
        'warning',
        fieldAt(at, 'bindingVersion'),
        `sns bindingVersion "${v}" is read as 0.2.0, the version this tool implements`,
        'Use bindingVersion 0.2.0.',
      ),
    );
  }
}

/** Names of the queues an sqs binding on the same operation defines (`queues[].name`, or `queue.name`). */
function queueNames(sqs: unknown): Set<string> {
  const names = new Set<string>();
  if (!isPlainObject(sqs)) return names;
  const list = Array.isArray(sqs.queues) ? sqs.queues : isPlainObject(sqs.queue) ? [sqs.queue] : [];
  for (const q of list) if (isPlainObject(q) && typeof q.name === 'string') names.add(q.name);
  return names;
}
