/**
 * How two operations of a portal were found to meet (match-flows.ts), in a reader's words: what
 * the two sides share, never the document format's names for its parts.
 */
import type { FlowMatch } from './flow-types.ts';

const SHARED: Record<FlowMatch, string> = {
  address: 'same channel address',
  'address pattern': 'addresses matching by pattern',
  'sns topic name': 'same Amazon SNS topic',
};

/** "same Amazon SNS topic": what the two sides share, said after the channel in brackets. */
export function sharedBy(match: FlowMatch): string {
  return SHARED[match];
}
