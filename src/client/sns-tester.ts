/**
 * The filter tester of sns pages (components/SnsTester.astro), loaded by its loader
 * (sns-tester-loader.ts) on the reader's first use: matches the message in the form against
 * each subscription's filter policy with the same matcher the validator uses, and writes the
 * result per subscription into its role="status" element, in the words and markup the build
 * wrote the pre-filled example's results with (src/lib/sns/tester-result.ts). Text only
 * (textContent): nothing typed or read from the page becomes markup. The IP library behind
 * `cidr` is loaded only when a policy on the page uses it.
 */
import type { CidrTest } from '../lib/sns/filter-match.ts';
import type { Scope } from '../lib/sns/filter-policy.ts';
import { readTesterInput } from '../lib/sns/tester-input.ts';
import { type TesterResult, testerResult, usesCidr } from '../lib/sns/tester-result.ts';
import { outsideEnums, readEnums } from '../lib/sns/tester-enums.ts';

let cidr: Promise<CidrTest> | undefined;

const results = (root: HTMLElement): HTMLElement[] => [...root.querySelectorAll<HTMLElement>('[data-policy], [data-no-filter]')];

/** Starts loading what testing this tester's message needs (the IP library, when a policy uses `cidr`). */
export function prepare(root: HTMLElement): Promise<CidrTest> | undefined {
  if (results(root).some((r) => usesCidr(r.dataset.policy ?? ''))) cidr ??= import('../lib/sns/filter-cidr.ts').then((m) => m.cidrContains);
  return cidr;
}

/** Says an input error under its box (`data-tester-error`), the box marked invalid; clears the others. */
function showInputErrors(root: HTMLElement, error: { field: string; error: string } | undefined): void {
  for (const line of root.querySelectorAll<HTMLElement>('[data-tester-error]')) {
    const field = line.dataset.testerError;
    line.textContent = error && error.field === field ? error.error : '';
    line.hidden = !line.textContent;
    const box = root.querySelector(`textarea[data-tester-${field}]`);
    if (line.hidden) box?.removeAttribute('aria-invalid');
    else box?.setAttribute('aria-invalid', 'true');
  }
}

/**
 * Tests the message in the form against each subscription and shows the results; resolves to the
 * line above them: what they are of (`example`, else the reader's message) and how many
 * subscriptions receive it ("Results for your message (2 of 3 subscriptions receive it):"), or
 * that the message was not tested, its error being under its box.
 */
export async function test(root: HTMLElement, example?: string): Promise<string> {
  const of = example === undefined ? 'your message' : `the example “${example}”`;
  const attributes = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-attributes]');
  const body = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-body]');
  if (!attributes || !body) return `Results for ${of}:`;
  const input = readTesterInput(attributes.value, body.value);
  showInputErrors(root, 'error' in input ? input : undefined);
  let ipTest: CidrTest | undefined;
  try {
    ipTest = await prepare(root);
  } catch {
    // The IP library did not load: `cidr` conditions say they cannot be checked; the next test tries again.
    cidr = undefined;
  }
  // A message that does not parse is said once, under its box, and in the line above the results:
  // no result per subscription, which only said "Not tested" again for each.
  const list = root.querySelector<HTMLElement>('.tester-results');
  if (list) list.hidden = 'error' in input;
  let receiving = 0;
  const tested = results(root);
  for (const element of tested) {
    const scope: Scope = element.dataset.scope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes';
    const result = testerResult(input, element.dataset.policy, scope, ipTest, element.dataset.invalid, element.dataset.refused);
    if (result.result === 'matches' || result.result === 'no-filter') receiving++;
    show(element, result);
  }
  const outside = root.querySelector<HTMLElement>('[data-tester-outside]');
  if (outside) {
    const enums = readEnums(root.querySelector<HTMLElement>('form')?.dataset.attributeEnums);
    const lines = 'message' in input ? outsideEnums(input.message.attributes, enums) : [];
    outside.replaceChildren(
      ...lines.map((line) => {
        const p = document.createElement('p');
        p.textContent = `⚠ ${line}`;
        return p;
      }),
    );
  }
  if ('error' in input) return `Not tested: the message ${input.field === 'body' ? 'body is' : 'attributes are'} not valid (see under its box).`;
  return `Results for ${of} (${receiving} of ${tested.length === 1 ? '1 subscription receives' : `${tested.length} subscriptions receive`} it):`;
}

/** The same markup as the build's (SnsTester.astro): the verdict, then the error or a list of reasons. */
function show(element: HTMLElement, result: TesterResult): void {
  const verdict = document.createElement('strong');
  verdict.textContent = result.verdict;
  element.dataset.result = result.result;
  if ('error' in result) {
    element.replaceChildren(verdict, result.error);
    return;
  }
  const reasons = document.createElement('ul');
  for (const reason of result.reasons) {
    const item = document.createElement('li');
    item.dataset.ok = String(reason.ok);
    item.textContent = reason.text;
    reasons.append(item);
  }
  element.replaceChildren(verdict, reasons);
}
