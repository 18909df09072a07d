/**
 * The filter tester of sns pages (components/SnsTester.astro): shows the form (hidden without
 * script, where a note says the tester needs JavaScript), and on "Test" matches the typed message
 * against each subscription's filter policy with the same matcher the validator uses, writing
 * "matches" or "does not match" and the reason per key into each result's role="status"
 * element. Text only (textContent): nothing typed or read from the page becomes markup. The IP
 * library behind `cidr` is loaded only when a policy on the page uses it.
 */
import { type CidrTest, matchPolicy } from '../lib/sns/filter-match.ts';
import type { Scope } from '../lib/sns/filter-policy.ts';
import { readTesterInput } from '../lib/sns/tester-input.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-sns-tester]')) setUp(root);

function setUp(root: HTMLElement): void {
  const form = root.querySelector('form');
  const attributes = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-attributes]');
  const body = root.querySelector<HTMLTextAreaElement>('textarea[data-tester-body]');
  const select = root.querySelector<HTMLSelectElement>('select[data-tester-example]');
  const results = [...root.querySelectorAll<HTMLElement>('[data-policy]')];
  if (!form || !attributes || !body) return;
  form.hidden = false;
  root.querySelector('[data-tester-nojs]')?.remove();
  let cidr: Promise<CidrTest> | undefined;
  const run = async (): Promise<void> => {
    const input = readTesterInput(attributes.value, body.value);
    if (results.some((r) => r.dataset.policy?.includes('"cidr"'))) cidr ??= import('../lib/sns/filter-cidr.ts').then((m) => m.cidrContains);
    const test = cidr ? await cidr : undefined;
    for (const result of results) show(result, input, test);
  };
  select?.addEventListener('change', () => {
    const option = select.selectedOptions[0];
    attributes.value = option?.dataset.attributes ?? '{}';
    body.value = option?.dataset.body ?? '{}';
    void run();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run();
  });
  void run();
}

function show(element: HTMLElement, input: ReturnType<typeof readTesterInput>, cidr: CidrTest | undefined): void {
  const verdict = document.createElement('strong');
  const reasons = document.createElement('ul');
  if ('error' in input) {
    element.dataset.result = 'error';
    verdict.textContent = 'Cannot test: ';
    element.replaceChildren(verdict, input.error);
    return;
  }
  let policy: unknown;
  try {
    policy = JSON.parse(element.dataset.policy ?? '');
  } catch {
    policy = undefined;
  }
  const scope: Scope = element.dataset.scope === 'MessageBody' ? 'MessageBody' : 'MessageAttributes';
  const result = matchPolicy(policy, scope, input.message, cidr ? { cidr } : {});
  element.dataset.result = result.matches ? 'matches' : 'no-match';
  verdict.textContent = result.matches ? '✓ matches' : '✗ does not match';
  for (const key of result.keys) {
    const item = document.createElement('li');
    item.dataset.ok = String(key.matches);
    item.textContent = key.reason;
    reasons.append(item);
  }
  element.replaceChildren(verdict, reasons);
}
