/**
 * The Changes page's content from a diff report: the report's order kept, grouped by API and
 * object, capped per object and per severity with the rest counted, and one badge per changed
 * page (breaking when any of its changes is, even one left off the page).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Change, ChangeSeverity } from '../lib/diff/types.ts';
import { CHANGES_PER_OBJECT, CHANGES_PER_SEVERITY, changeBadgeOf, changesView, PAGE_CHANGES, withApiTitles } from './changes-view.ts';

const change = (severity: ChangeSeverity, object: string, n: number, url?: string): Change => ({
  severity,
  rule: 'rule',
  api: 'orders.yaml',
  object,
  pointer: `/x/${n}`,
  file: 'orders.yaml',
  line: n,
  side: 'head',
  direction: null,
  message: `change ${n}`,
  ...(url ? { url } : {}),
});

describe('changesView', () => {
  it('groups by severity, API and object in the report order', () => {
    const view = changesView(
      {
        changes: [
          change('breaking', 'channel a', 1, 'channels/a/'),
          change('breaking', 'channel b', 2, 'channels/b/'),
          change('info', 'channel a', 3, 'channels/a/'),
        ],
        breaking: 2,
      },
      'base.yaml',
    );
    assert.deepEqual(view.counts, { breaking: 2, 'non-breaking': 0, info: 1 });
    assert.deepEqual(
      view.groups.map((g) => [g.severity, g.apis.flatMap((a) => a.objects.map((o) => `${o.anchor} ${o.object}`))]),
      [
        ['breaking', ['change-1 channel a', 'change-2 channel b']],
        ['info', ['change-3 channel a']],
      ],
    );
    assert.deepEqual(
      changeBadgeOf(view, 'channels/a/'),
      {
        url: 'channels/a/',
        breaking: true,
        anchor: 'change-1',
        summary: 'change 1',
        items: [
          { message: 'change 1', breaking: true },
          { message: 'change 3', breaking: false },
        ],
      },
      'the badge quotes the change it leads to',
    );
    assert.equal(changeBadgeOf(view, 'channels/c/'), undefined);
  });

  it('never grows without bound: the rest of an object and of a severity is counted', () => {
    const many = [
      ...Array.from({ length: 500 }, (_, i) => change('breaking', 'channel big', i, 'channels/big/')),
      ...Array.from({ length: 300 }, (_, i) => change('breaking', `channel c${String(i).padStart(3, '0')}`, i, `channels/c${i}/`)),
    ];
    const view = changesView({ changes: many, breaking: many.length }, 'base.yaml');
    const [group] = view.groups;
    const shown = group!.apis.flatMap((a) => a.objects).reduce((n, o) => n + o.entries.length, 0);
    assert.equal(shown, CHANGES_PER_SEVERITY);
    assert.equal(group!.apis[0]!.objects[0]!.entries.length, CHANGES_PER_OBJECT);
    assert.equal(group!.apis[0]!.objects[0]!.notShown, 500 - CHANGES_PER_OBJECT);
    assert.equal(shown + group!.notShown + group!.apis[0]!.objects.reduce((n, o) => n + o.notShown, 0), many.length);
    // A page whose changes are all left off still has its badge, to the severity's heading.
    assert.deepEqual(changeBadgeOf(view, 'channels/c299/'), {
      url: 'channels/c299/',
      breaking: true,
      anchor: 'changes-breaking',
      summary: 'change 299',
      items: [{ message: 'change 299', breaking: true }],
    });
    assert.equal(view.badges.length, 301);
  });

  it('lists what changed on each page, the first PAGE_CHANGES in the report order, the rest counted', () => {
    const changes = [
      ...Array.from({ length: PAGE_CHANGES + 2 }, (_, i) => change('non-breaking', 'channel a', i + 1, 'channels/a/')),
      change('breaking', 'channel a', 99, 'channels/a/'),
      change('info', 'channel b', 100, 'channels/b/'),
    ];
    const view = changesView(
      { changes: [...changes].sort((x, y) => (x.severity === 'breaking' ? -1 : y.severity === 'breaking' ? 1 : 0)), breaking: 1 },
      'base.yaml',
    );
    const badge = changeBadgeOf(view, 'channels/a/')!;
    assert.equal(badge.items?.length, PAGE_CHANGES);
    assert.deepEqual(badge.items?.[0], { message: 'change 99', breaking: true }, 'the breaking change first, as the report orders it');
    assert.deepEqual(
      badge.items?.slice(1).map((i) => i.message),
      ['change 1', 'change 2', 'change 3', 'change 4'],
    );
    assert.equal(badge.more, 3, 'the rest counted');
    assert.deepEqual(changeBadgeOf(view, 'channels/b/')?.items, [{ message: 'change 100', breaking: false }]);
    assert.equal(changeBadgeOf(view, 'channels/b/')?.more, undefined);
  });

  it("names the versions compared and each object by its page's title, as a reader calls them", () => {
    const report = {
      changes: [change('breaking', 'message orders/orderPlaced', 1, 'components/messages/orderplaced/'), change('info', 'channel gone', 2)],
      breaking: 1,
    };
    const view = withApiTitles(changesView(report, 'base.yaml', { base: '2.3.0', head: '2.4.0' }), [
      { prefix: '', title: 'Orders', pages: [{ url: 'components/messages/orderplaced/', title: 'Order placed' }] },
    ]);
    assert.deepEqual(view.versions, { base: '2.3.0', head: '2.4.0' });
    assert.deepEqual(
      view.groups.flatMap((g) => g.apis.flatMap((a) => a.objects.map((o) => [o.object, o.title]))),
      [
        ['message orders/orderPlaced', 'Order placed'],
        ['channel gone', undefined],
      ],
      'an object without a page in this site keeps the name diff gives it',
    );
    assert.equal(changesView(report, 'base.yaml').versions, undefined);
  });
});
