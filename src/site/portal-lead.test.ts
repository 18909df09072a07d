import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { portalLead } from './portal-lead.ts';

describe("a portal root's opening sentence", () => {
  const api = (messages: number, protocols: string[]) => ({ counts: { messages, channels: 2 }, catalog: { protocols } });

  it('says how many APIs, how many messages they carry, over which protocols (by their names), and how many flows join them', () => {
    assert.equal(
      portalLead({ apis: [api(3, ['kafka']), api(2, ['sns', 'kafka']), api(0, [])], flows: { count: 4, connectedApis: ['a', 'b'] } }),
      '3 APIs that send and receive 5 messages over Amazon SNS and Kafka; 4 flows join 2 of them, drawn in the system map below.',
    );
  });

  it('leaves out what the documents do not give, and says a count that stopped at its bound is a lower bound', () => {
    assert.equal(portalLead({ apis: [api(0, []), api(0, [])] }), '2 APIs.');
    assert.equal(
      portalLead({ apis: [api(1, ['ws'])], flows: { count: 1, connectedApis: ['a', 'b'], countingStopped: true } }),
      '1 API that sends and receives 1 message over WebSockets; at least 1 flow joins 2 of them, drawn in the system map below.',
    );
  });
});
