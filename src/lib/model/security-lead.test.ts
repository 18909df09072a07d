/**
 * The lead line of a group of security schemes, one wording for the page and its Markdown twin:
 * a server's, the operation's own, and the operation's with the one, two or three servers that
 * require the same.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SecurityGroup, TextPart } from './page-types.ts';
import type { Link } from './types.ts';
import { securityLead } from './security-lead.ts';

const server = (title: string): Link => ({ kind: 'server', id: title.toLowerCase(), title, url: `servers/${title.toLowerCase()}/` });
const words = (parts: TextPart[] | undefined): string => (parts ?? []).map((p) => p.text).join('');
const group = (extra: Partial<SecurityGroup>): SecurityGroup => ({ schemes: [], ...extra });

describe('the lead line of a group of security schemes', () => {
  it("says whose requirement it is: a server's, the operation's, the operation's as its servers'", () => {
    assert.equal(words(securityLead(group({ link: server('Production') }))), 'Server Production requires:');
    assert.equal(words(securityLead(group({ ofOperation: true }))), 'This operation requires:');
    assert.equal(words(securityLead(group({ ofOperation: true, alsoServers: [server('Production')] }))), 'This operation requires, as server Production does:');
    assert.equal(
      words(securityLead(group({ ofOperation: true, alsoServers: [server('Eu'), server('Us'), server('Asia')] }))),
      'This operation requires, as servers Eu, Us and Asia do:',
    );
    assert.equal(securityLead(group({})), undefined);
  });

  it('links each server to its page (the page and the twin both read these parts)', () => {
    const lead = securityLead(group({ ofOperation: true, alsoServers: [server('Eu'), server('Us')] }))!;
    assert.deepEqual(
      lead.filter((p) => p.url !== undefined).map((p) => p.url),
      ['servers/eu/', 'servers/us/'],
    );
    // The sentence the parts make, each server's name a part of its own (the one linked).
    assert.equal(lead.map((p) => p.text).join(''), 'This operation requires, as servers Eu and Us do:');
    assert.deepEqual(
      lead.filter((p) => p.url !== undefined).map((p) => p.text),
      ['Eu', 'Us'],
    );
  });
});
