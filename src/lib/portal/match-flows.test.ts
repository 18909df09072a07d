import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FlowEndpoint, FlowMessage } from './flow-types.ts';
import { matchFlows, messagesDisagree, type PortalApiEndpoints } from './match-flows.ts';

const endpoint = (
  action: FlowEndpoint['action'],
  id: string,
  where: { address?: string; topic?: string; hosts?: string[] },
  messages: FlowMessage[] = [],
): FlowEndpoint => ({
  action,
  hosts: [],
  operation: { id, title: id, url: `operations/${id.toLowerCase()}/` },
  channel: { id: `${id}Channel`, title: `${id}Channel`, url: `channels/${id.toLowerCase()}/` },
  ...where,
  messages,
});
const api = (slug: string, endpoints: FlowEndpoint[]): PortalApiEndpoints => ({ slug, title: slug.toUpperCase(), prefix: `${slug}/`, endpoints });
const pairs = (apis: PortalApiEndpoints[]): string[] => matchFlows(apis).map((f) => `${f.from.url} -> ${f.to.url} (${f.matchedBy})`);

describe('matchFlows', () => {
  it('pairs a sender with the receivers of other APIs at the same address, never within one API', () => {
    const flows = pairs([
      api('a', [endpoint('send', 'sendOrder', { address: 'orders' }), endpoint('receive', 'ownReceive', { address: 'orders' })]),
      api('b', [endpoint('receive', 'takeOrder', { address: 'orders' }), endpoint('receive', 'other', { address: 'invoices' })]),
    ]);
    assert.deepEqual(flows, ['a/operations/sendorder/ -> b/operations/takeorder/ (address)']);
  });

  it('says when a template met a concrete address, from either side', () => {
    assert.deepEqual(
      pairs([
        api('a', [endpoint('send', 'emit', { address: 'lights.{id}.measured' })]),
        api('b', [endpoint('receive', 'read', { address: 'lights.7.measured' })]),
      ]),
      ['a/operations/emit/ -> b/operations/read/ (address pattern)'],
    );
    assert.deepEqual(
      pairs([
        api('a', [endpoint('send', 'emit', { address: 'lights.7.measured' })]),
        api('b', [endpoint('receive', 'read', { address: 'lights.{id}.measured' })]),
      ]),
      ['a/operations/emit/ -> b/operations/read/ (address pattern)'],
    );
  });

  it('matches sns topics by name only: the same name at other addresses meets, another name at the same address does not', () => {
    assert.deepEqual(
      pairs([
        api('p', [endpoint('send', 'publish', { address: 'user-signedup', topic: 'user-signedup' })]),
        api('c', [
          endpoint('receive', 'consume', { address: 'signups', topic: 'user-signedup' }),
          endpoint('receive', 'otherTopic', { address: 'user-signedup', topic: 'audit' }),
        ]),
      ]),
      ['p/operations/publish/ -> c/operations/consume/ (sns topic name)'],
    );
  });

  it('meets at an address only on a server both name, when both name servers; sns topics by name wherever they are', () => {
    const ws = (host: string, action: FlowEndpoint['action'], id: string) => endpoint(action, id, { address: '/', hosts: [host] });
    assert.deepEqual(
      pairs([
        api('kraken', [ws('ws.kraken.com', 'send', 'ping')]),
        api('slack', [ws('wss-primary.slack.com', 'receive', 'hello')]),
        api('mirror', [ws('ws.kraken.com', 'receive', 'pong')]),
        api('anywhere', [endpoint('receive', 'undeclared', { address: '/' }), endpoint('receive', 'named', { address: '/events' })]),
        api('sender', [endpoint('send', 'emit', { address: '/events', hosts: ['api.example.com'] })]),
      ]),
      [
        // Without servers, `/` says nothing of where it is; `/events` does.
        'kraken/operations/ping/ -> mirror/operations/pong/ (address)',
        'sender/operations/emit/ -> anywhere/operations/named/ (address)',
      ],
    );
    assert.deepEqual(
      pairs([
        api('p', [endpoint('send', 'pub', { topic: 't', hosts: ['sns.eu-west-1.amazonaws.com'] })]),
        api('c', [endpoint('receive', 'sub', { topic: 't', hosts: ['sqs.us-west-2.amazonaws.com'] })]),
      ]),
      ['p/operations/pub/ -> c/operations/sub/ (sns topic name)'],
    );
  });

  it('leaves unknown addresses unmatched', () => {
    assert.deepEqual(pairs([api('a', [endpoint('send', 's', {})]), api('b', [endpoint('receive', 'r', {})])]), []);
  });

  it('orders flows by sender and receiver whatever the order of the APIs', () => {
    const a = api('a', [endpoint('send', 's', { address: 'x' })]);
    const b = api('b', [endpoint('receive', 'r', { address: 'x' })]);
    const c = api('c', [endpoint('receive', 'r', { address: 'x' }), endpoint('send', 't', { address: 'x' })]);
    assert.deepEqual(pairs([c, b, a]), pairs([a, b, c]));
    assert.deepEqual(pairs([a, b, c]), [
      'a/operations/s/ -> b/operations/r/ (address)',
      'a/operations/s/ -> c/operations/r/ (address)',
      'c/operations/t/ -> b/operations/r/ (address)',
    ]);
  });

  it('keys named like Object properties are only names', () => {
    const flows = matchFlows([
      api('a', [endpoint('send', '__proto__', { address: 'constructor' })]),
      api('b', [endpoint('receive', 'toString', { address: 'constructor' })]),
    ]);
    assert.equal(flows.length, 1);
    assert.equal(flows[0]!.channel, 'constructor');
  });
});

describe('messagesDisagree', () => {
  const message = (name: string, payload: string, properties?: string[], required?: string[]): FlowMessage => ({
    name,
    payload,
    ...(properties ? { properties } : {}),
    ...(required ? { required } : {}),
  });

  it('agrees on the same name and payload, and on another name with the same payload', () => {
    assert.equal(messagesDisagree([message('Order', 'p1')], [message('Order', 'p1')]), undefined);
    assert.equal(messagesDisagree([message('requestSum', 'p1')], [message('sum', 'p1')]), undefined);
  });

  it('says which fields make two payloads of the same message differ', () => {
    assert.equal(
      messagesDisagree(
        [message('UserSignedUp', 'p1', ['email', 'userId'], ['userId'])],
        [message('UserSignedUp', 'p2', ['reason', 'userId'], ['reason', 'userId'])],
      ),
      'The two UserSignedUp payloads differ: the receiver requires reason, which the sender does not declare; the sender declares email, which the receiver does not.',
    );
  });

  it('names messages the receiver does not expect', () => {
    assert.equal(messagesDisagree([message('A', 'p1')], [message('B', 'p2')]), 'The sender sends A; the receiver expects B.');
    assert.equal(messagesDisagree([message('A', 'p1'), message('C', 'p3')], [message('A', 'p1')]), 'The receiver does not list C.');
  });

  it('says nothing when a side names no message', () => {
    assert.equal(messagesDisagree([], [message('B', 'p2')]), undefined);
  });
});
