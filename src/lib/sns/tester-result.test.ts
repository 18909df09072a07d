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

  it('says why a message cannot be tested', () => {
    assert.deepEqual(testerResult(read('["x"]'), '{"a":["x"]}', 'MessageAttributes'), {
      result: 'error',
      verdict: 'Cannot test: ',
      error: 'Message attributes: expected a JSON object, such as {"store": "north", "price": 20}',
    });
  });

  it('a body that is not JSON cannot be tested against a filter on the body, and says where it is wrong; filters on the attributes are still tested', () => {
    const input = read('{"eventType": "OrderPlaced"}', '{"total": {"amount": 12,}}');
    assert.deepEqual(testerResult(input, '{"total":{"amount":[{"numeric":[">",0]}]}}', 'MessageBody'), {
      result: 'error',
      verdict: 'Cannot test: ',
      error:
        'Message body: not JSON: line 1, column 25: a } right after a comma: JSON allows no comma after the last property. A filter on the message body reads JSON only.',
    });
    assert.equal(testerResult(input, '{"eventType":["OrderPlaced"]}', 'MessageAttributes').result, 'matches');
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
