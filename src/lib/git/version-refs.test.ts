import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { semanticVersion, sortVersions, versionItems, type VersionRef } from './version-refs.ts';

const ref = (name: string, time: number): VersionRef => ({ name, ref: `refs/tags/${name}`, commit: '0'.repeat(40), date: '2026-01-01', time });

describe('the order of versions', () => {
  it('orders semantic versions as semver.org does, whatever the commit dates', () => {
    const refs = [ref('v10.0.0', 1), ref('v2.0.0', 5), ref('v2.0.0-rc.2', 9), ref('v2.0.0-rc.10', 8), ref('v2.0.0-alpha', 7), ref('1.9.9', 6)];
    assert.deepEqual(
      sortVersions(refs).map((r) => r.name),
      ['1.9.9', 'v2.0.0-alpha', 'v2.0.0-rc.2', 'v2.0.0-rc.10', 'v2.0.0', 'v10.0.0'],
    );
  });

  it('orders by commit date, then name, when a name is not a semantic version', () => {
    const refs = [ref('release-b', 20), ref('v1.0.0', 30), ref('release-a', 20), ref('first', 10)];
    assert.deepEqual(
      sortVersions(refs).map((r) => r.name),
      ['first', 'release-a', 'release-b', 'v1.0.0'],
    );
  });

  it('reads a version from the last part of a ref name only', () => {
    assert.deepEqual(semanticVersion('api/v1.2.3'), { core: [1, 2, 3], pre: [] });
    assert.equal(semanticVersion('v1.2'), undefined);
    assert.equal(semanticVersion('v1.2.3.4'), undefined);
  });

  it('reads a list of refs separated by commas, leaving out empty items', () => {
    assert.deepEqual(versionItems(' v1.0.0, ,v2.0.0,'), ['v1.0.0', 'v2.0.0']);
    assert.deepEqual(versionItems('v*'), ['v*']);
  });
});
