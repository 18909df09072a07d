/**
 * The retry timeline of an sns delivery policy (issue 22): its phases on a time axis drawn to
 * scale, from the effective policy sns-delivery.ts computes, and where a message goes after the
 * last retry. The schedule table under it says the same in text.
 */
import type { Timeline } from '../diagram/timeline.ts';
import { countText } from '../count-text.ts';
import { type DeliveryView, duration, retriesSummary } from './sns-delivery.ts';

const PHASE_WORDS: Record<string, string> = {
  immediate: 'immediately',
  'pre-backoff': 'at the minimum delay',
  backoff: 'backing off',
  'post-backoff': 'at the maximum delay',
};

const count = countText;

export function retryTimeline(view: DeliveryView, deadLetter: string | undefined, subject: string): Timeline | undefined {
  if (!view.phases || view.phases.length === 0 || view.totalSeconds === undefined) return undefined;
  const total = view.totalSeconds;
  const curve = view.backoffFunction ?? 'linear';
  const phases = view.phases.map((p) => ({
    phase: p.phase,
    start: p.start,
    end: p.end,
    label:
      `${count(p.count)} ${p.count === 1 ? 'retry' : 'retries'} ${PHASE_WORDS[p.phase] ?? p.phase}` +
      (p.phase === 'backoff' ? ` (${curve}, approximate)` : '') +
      (p.end > p.start ? `, ${duration(p.start)} → ${duration(p.end)}` : ''),
  }));
  // Retries that come at once (immediate, or a long tail at the maximum) crowd a tick on a tick: the first ones tell the rhythm.
  const ticks = (view.schedule ?? []).map((s) => s.elapsed).filter((s) => s <= total);
  const boundaries = [...new Set([0, ...view.phases.map((p) => p.end), total])].filter((s) => s >= 0 && s <= total).sort((a, b) => a - b);
  // Axis labels where they do not overlap: the start, the end, and phase ends at least a seventh of the axis apart.
  const axisLabels: { at: number; text: string }[] = [];
  for (const at of boundaries) {
    const last = axisLabels[axisLabels.length - 1];
    if (last && at !== total && (at - last.at) / (total || 1) < 1 / 7) continue;
    if (last && at === total && (at - last.at) / (total || 1) < 1 / 7 && axisLabels.length > 1) axisLabels.pop();
    axisLabels.push({ at, text: at === 0 ? '0' : duration(at) });
  }
  const end = deadLetter
    ? { short: 'dead-letter queue', text: `After the last retry: the dead-letter queue ${deadLetter}.` }
    : { short: 'dropped', text: 'After the last retry: the message is dropped (no dead-letter queue).' };
  return {
    title: `Retry timeline of ${subject}`,
    description: `${retriesSummary(view)}: ${view.phases.map((p) => `${count(p.count)} ${PHASE_WORDS[p.phase] ?? p.phase}`).join(', then ')}. ${end.text} AWS names the backoff function but does not publish its formula: the backoff delays are an approximation. The retry schedule lists every retry.`,
    total,
    phases,
    ticks,
    end,
    axisLabels,
  };
}
