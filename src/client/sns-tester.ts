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

/** Tests the message in the form against each subscription and shows the results. */
export async function test(root: HTMLElement): Promise<void> {
  const attributes = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-attributes]');
  const body = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-body]');
  if (!attributes || !body) return;
  const input = readTesterInput(attributes.value, body.value);
  let ipTest: CidrTest | undefined;
  try {
    ipTest = await prepare(root);
  } catch {
    // The IP library did not load: `cidr` conditions say they cannot be checked; the next test tries again.
    cidr = undefined;
  }
  for (const element of results(root)) {
    const scope: Scope = element.dataset.scope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes';
    show(element, testerResult(input, element.dataset.policy, scope, ipTest, element.dataset.invalid));
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
