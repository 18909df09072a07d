/**
 * The tester's result in the words the page shows, the same for the build (the pre-filled
 * example's results) and the page's script (what the reader tests): the verdict and a reason per
 * key, or why the message cannot be tested; `cidr` checked only with the IP test handed in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cidrContains } from './filter-cidr.ts';
import { readTesterInput } from './tester-input.ts';
import { testerResult, usesCidr } from './tester-result.ts';

const read = (attributes: string, body = '{}') => readTesterInput(attributes, body);

describe('tester result', () => {
  it('says whether the message matches, with a reason per key', () => {
    assert.deepEqual(testerResult(read('{"eventType": "OrderPlaced"}'), '{"eventType":["OrderPlaced"]}', 'MessageAttributes'), {
      result: 'matches',
      verdict: '✓ matches',
      reasons: [{ ok: true, text: 'eventType is "OrderPlaced"' }],
    });
    assert.deepEqual(testerResult(read('{}', '{"total": {"amount": 0}}'), '{"total":{"amount":[{"numeric":[">",0]}]}}', 'MessageBody'), {
      result: 'no-match',
      verdict: '✗ does not match',
      reasons: [{ ok: false, text: 'total.amount 0 is not > 0' }],
    });
  });

  it('a message that does not parse is tested against no subscription: each says where to look, the error itself is said once, under its box', () => {
    assert.deepEqual(testerResult(read('["x"]'), '{"a":["x"]}', 'MessageAttributes'), {
      result: 'error',
      verdict: 'Not tested: ',
      error: 'fix the message attributes above.',
    });
    const input = read('{"eventType": "OrderPlaced"}', '{"total": {"amount": 12,}}');
    for (const [policy, scope] of [
      ['{"total":{"amount":[{"numeric":[">",0]}]}}', 'MessageBody'],
      ['{"eventType":["OrderPlaced"]}', 'MessageAttributes'],
      [undefined, 'MessageAttributes'],
    ] as const)
      assert.deepEqual(testerResult(input, policy, scope), { result: 'error', verdict: 'Not tested: ', error: 'fix the message body above.' }, `${policy}`);
    // A subscription without a filter is not said to receive a message that does not parse (AWS would not take it).
    assert.notEqual(testerResult(read('{'), undefined, 'MessageAttributes').result, 'no-filter');
    assert.equal(testerResult(read('{}'), undefined, 'MessageAttributes').result, 'no-filter');
  });

  it('a subscription AWS refuses (a FIFO topic’s, not to an SQS queue) receives nothing, with a filter or without, whatever the message', () => {
    const why = 'a FIFO topic delivers to SQS queues only, not to a Lambda function';
    // Why is said in the subscription's card, which the tester's row links to: not repeated here.
    const refused = {
      result: 'refused',
      verdict: '✗ refused by AWS: ',
      error: 'this subscription cannot be created (why: with its subscription on this page)',
    };
    for (const policy of ['{"eventType":["OrderPlaced"]}', undefined])
      for (const message of ['{"eventType": "OrderPlaced"}', '{'])
        assert.deepEqual(testerResult(read(message), policy, 'MessageAttributes', undefined, undefined, why), refused, `${policy} ${message}`);
    // A policy AWS rejects: so said, its reasons left to the card (they would be the third time on the page).
    const invalid = testerResult(read('{}'), '{"eventType":"OrderPlaced"}', 'MessageAttributes', undefined, '"eventType" holds "OrderPlaced" outside a list');
    assert.deepEqual(invalid, {
      result: 'invalid',
      verdict: '✗ AWS refuses this filter policy: ',
      error: 'no message reaches this subscription (why: with its subscription on this page)',
    });
  });

  it('reads a policy that is not JSON as no policy, and checks cidr only with the IP test', () => {
    assert.deepEqual(testerResult(read('{}'), 'not JSON', 'MessageAttributes').result, 'no-match');
    const policy = '{"ip":[{"cidr":"10.0.0.0/24"}]}';
    assert.ok(usesCidr(policy));
    assert.ok(!usesCidr('{"ip":["10.0.0.7"]}'));
    assert.equal(testerResult(read('{"ip": "10.0.0.7"}'), policy, 'MessageAttributes', cidrContains).result, 'matches');
    assert.match(JSON.stringify(testerResult(read('{"ip": "10.0.0.7"}'), policy, 'MessageAttributes')), /cidr ranges cannot be checked here/);
  });
});
