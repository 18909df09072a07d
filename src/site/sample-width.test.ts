import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SampleGroup } from '../lib/model/page-types.ts';
import { sampleWidth, widestSampleLine } from './sample-width.ts';

const group = (...code: string[]): SampleGroup => ({
  title: 'Publish on lights',
  notes: [],
  samples: code.map((c, i) => ({ lang: `l${i}`, label: `L${i}`, code: c })),
});

describe('the width of code samples', () => {
  it('is the widest line of every sample, of every server, tabs counted as the panel shows them', () => {
    assert.equal(widestSampleLine(), 0);
    assert.equal(widestSampleLine([group('ab\nabcdef', 'abc')]), 6);
    assert.equal(widestSampleLine([group('a')], [{ name: 'test', groups: [group('\tabc')] }]), 7);
  });
  it('fits the panel up to 46 columns, wide up to 55, else goes under the fields', () => {
    assert.equal(sampleWidth(44), 'fits');
    assert.equal(sampleWidth(46), 'fits');
    assert.equal(sampleWidth(47), 'wide');
    assert.equal(sampleWidth(55), 'wide');
    assert.equal(sampleWidth(56), 'widest');
  });
});
