/**
 * The filter tester's result for one subscription, in the words the page shows: the verdict and
 * a line per key of the policy, or why the message cannot be tested. Shared by the build, which
 * writes the results of the pre-filled example into the page (components/SnsTester.astro), and
 * by the page's script, which writes them again for the message the reader tests
 * (src/client/sns-tester.ts): one wording, so that the two cannot say different things. Both
 * put it in the same markup: `<strong>` with the verdict, then the error as text or a `<ul>` of
 * `<li data-ok>` reasons. Pure and small, as the matcher is.
 */
import { type CidrTest, matchPolicy } from './filter-match.ts';
import type { Scope } from './filter-policy.ts';
import type { TesterInput } from './tester-input.ts';

interface TesterReason {
  ok: boolean;
  text: string;
}

export type TesterResult =
  | { result: 'error' | 'invalid' | 'refused'; verdict: string; error: string }
  | { result: 'matches' | 'no-match' | 'no-filter'; verdict: string; reasons: TesterReason[] };

/**
 * Whether a filter policy (JSON text) may use `cidr`, so that the page's script loads the IP
 * library for it: a look at the text, which a value spelled "cidr" also passes (the library is
 * then loaded for nothing, which is harmless).
 */
export const usesCidr = (policy: string): boolean => policy.includes('"cidr"');

/**
 * The result of a message (read by readTesterInput) against a filter policy as the document
 * writes it (JSON text). `cidr` tests IP ranges; without it a `cidr` condition says it cannot be
 * tested (the page's script hands it in whenever a policy uses `cidr`, the build always).
 */
/** Where the tester's reader finds why AWS refuses a subscription or its policy: the card above, which the row's name links to. */
const WHY_IN_CARD = '(why: with its subscription on this page)';

export function testerResult(input: TesterInput, policy: string | undefined, scope: Scope, cidr?: CidrTest, invalid?: string, refused?: string): TesterResult {
  // A subscription AWS refuses (a FIFO topic's, not to an SQS queue) receives nothing, whatever its filter and the message.
  // Why is said once on the page, in the subscription's card that the tester's row links to: referred to here, not repeated.
  if (refused !== undefined) return { result: 'refused', verdict: '✗ refused by AWS: ', error: `this subscription cannot be created ${WHY_IN_CARD}` };
  // A policy AWS refuses has no subscription to match: said instead of a verdict, whatever the message.
  if (invalid !== undefined)
    return { result: 'invalid', verdict: '✗ AWS refuses this filter policy: ', error: `no message reaches this subscription ${WHY_IN_CARD}` };
  // A message that does not parse reaches no subscription, not even one without a filter; what is wrong is said once, under its box.
  if ('error' in input) return { result: 'error', verdict: 'Not tested: ', error: `fix the message ${input.field === 'body' ? 'body' : 'attributes'} above.` };
  // A subscription without a filter receives every message, whatever it holds.
  if (policy === undefined) return { result: 'no-filter', verdict: '✓ receives: no filter', reasons: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(policy);
  } catch {
    parsed = undefined;
  }
  const matched = matchPolicy(parsed, scope, input.message, cidr ? { cidr } : {});
  return {
    result: matched.matches ? 'matches' : 'no-match',
    verdict: matched.matches ? '✓ matches' : '✗ does not match',
    reasons: matched.keys.map((key) => ({ ok: key.matches, text: key.reason })),
  };
}
