import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryTimeline } from '../model/flow-retries.ts';
import { deliveryView, FIXED_POLICIES } from '../model/sns-delivery.ts';
import { timelineSvg } from './timeline.ts';

const x = (svg: string, cls: string): number[] =>
  [...svg.matchAll(new RegExp(`<rect class="tl-band tl-${cls}" x="([\\d.]+)" y="26" width="([\\d.]+)"`, 'g'))].flatMap((m) => [Number(m[1]), Number(m[2])]);

describe('retry timeline', () => {
  it('draws each phase to scale, a tick per retry shown, the dead-letter queue at the end', () => {
    // 2 immediate, 3 at 10 s, 4 backing off 10 → 40 s (linear), 2 at 40 s: 30 + 100 + 80 = 210 s.
    const view = deliveryView(
      { numRetries: 11, numNoDelayRetries: 2, numMinDelayRetries: 3, numMaxDelayRetries: 2, minDelayTarget: 10, maxDelayTarget: 40, backoffFunction: 'linear' },
      undefined,
    )!;
    assert.deepEqual(
      view.phases?.map((p) => [p.phase, p.count, p.start, p.end]),
      [
        ['immediate', 2, 0, 0],
        ['pre-backoff', 3, 0, 30],
        ['backoff', 4, 30, 130],
        ['post-backoff', 2, 130, 210],
      ],
    );
    const t = retryTimeline(view, 'orders-dlq', 'the subscription q')!;
    const svg = timelineSvg(t, 'r1');
    assert.match(svg, /^<svg [^>]*role="img" aria-labelledby="r1-title r1-desc"/);
    assert.match(svg, /<title id="r1-title">Retry timeline of the subscription q<\/title>/);
    // To scale: 396 px of axis for 210 s (440 px wide, drawn at its own size in a card); the
    // immediate retries, which take no time, a band of 5 px before the first delays.
    const [immediateX, immediateW] = x(svg, 'immediate');
    const [preX, preW] = x(svg, 'pre-backoff');
    const [postX, postW] = x(svg, 'post-backoff');
    assert.deepEqual([immediateX, immediateW], [12, 5]);
    assert.equal(preX, 17);
    assert.ok(Math.abs(preX! + preW! - (12 + (30 / 210) * 396)) < 0.2);
    assert.ok(Math.abs(postX! + postW! - 408) < 0.2);
    assert.match(svg, /viewBox="0 0 440 \d+" width="440"/);
    assert.equal([...svg.matchAll(/class="tl-tick"/g)].length, 11);
    // What comes after the last retry under the axis's end, right-aligned inside the frame (not past its edge).
    assert.match(svg, /<text class="tl-after tl-axis-label tl-end" x="428"[^>]*>→ dead-letter queue<\/text>/);
    assert.match(svg, /After the last retry: the dead-letter queue orders-dlq\./);
    assert.match(svg, /backing off \(linear, approximate\)/);
    // Each legend entry's swatch, edged so that it reads on either theme.
    assert.equal([...svg.matchAll(/<rect class="tl-band tl-swatch /g)].length, 4);
    // No text wider than the drawing (about 7.8 px a character at 13 px).
    for (const m of svg.matchAll(/<text class="tl-legend" x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) assert.ok(Number(m[1]) + [...m[2]!].length * 7.8 <= 440, m[2]);
    assert.equal(timelineSvg(retryTimeline(view, 'orders-dlq', 'the subscription q')!, 'r1'), svg, 'the same bytes');
  });

  it("draws AWS's 23-day policy for SQS with its first seconds as slivers, and says a message without a dead-letter queue is dropped", () => {
    const view = deliveryView(undefined, FIXED_POLICIES['aws-managed'].policy)!;
    const svg = timelineSvg(retryTimeline(view, undefined, 'q')!, 'r2');
    assert.match(svg, /100,000 retries at the maximum delay/);
    assert.match(svg, /the message is dropped/);
    // The first seconds of 23 days: each phase's colour shows in the bar, as in the legend.
    for (const phase of ['immediate', 'pre-backoff', 'backoff']) assert.ok(x(svg, phase)[1]! >= 5, `${phase} shows`);
    assert.match(svg, />23 days<\/text>/);
  });

  it("wraps the legend on a phone's narrow drawing instead of cutting it, the drawing as tall as its lines", () => {
    const view = deliveryView(
      { numRetries: 11, numNoDelayRetries: 2, numMinDelayRetries: 3, numMaxDelayRetries: 2, minDelayTarget: 10, maxDelayTarget: 40, backoffFunction: 'linear' },
      undefined,
    )!;
    const dlq = 'arn:aws:sqs:eu-west-1:123456789012:warehouse-picking-dead-letters.fifo';
    const t = retryTimeline(view, dlq, 'the subscription q')!;
    const svg = timelineSvg(t, 'r2', 'narrow');
    const legend = [...svg.matchAll(/<text class="tl-legend"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    assert.ok(
      legend.every((line) => !line.endsWith('…')),
      legend.join('\n'),
    );
    assert.ok(legend.length > t.phases.length + 1, 'some entries take more than a line');
    for (const m of svg.matchAll(/<text class="tl-legend" x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) assert.ok(Number(m[1]) + [...m[2]!].length * 7.8 <= 320, m[2]);
    const height = Number(/viewBox="0 0 320 (\d+)"/.exec(svg)![1]);
    const lowest = Math.max(...[...svg.matchAll(/<text class="tl-legend" x="[\d.]+" y="([\d.]+)"/g)].map((m) => Number(m[1])));
    assert.ok(lowest < height, `the last line (${lowest}) inside the drawing (${height})`);
  });

  it('escapes what the document names', () => {
    const view = deliveryView({ numRetries: 1, minDelayTarget: 1 }, undefined)!;
    const svg = timelineSvg(retryTimeline(view, '<script>alert(1)</script>', '"><script>')!, 'r3');
    assert.doesNotMatch(svg, /<script/);
    assert.match(svg, /&lt;script&gt;/);
  });

  it('draws nothing without a schedule', () => {
    assert.equal(retryTimeline(deliveryView(undefined, { maxReceivesPerSecond: 5 })!, undefined, 'q'), undefined);
  });
});
