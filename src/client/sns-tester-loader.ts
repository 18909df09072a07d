/**
 * The filter tester's loader, the only script a page with a tester runs on load: the results of
 * the pre-filled example are already in the page (written at build time), so this only makes the
 * form usable (its text boxes editable, "Start from" and "Test" enabled; without script they stay
 * read-only) and loads the tester itself (sns-tester.ts, with the matcher) on the reader's first
 * use: focus in the form, typing, choosing an example, or "Test". A reading page so loads a few
 * hundred bytes for the tester instead of its whole script.
 */
type Tester = typeof import('./sns-tester.ts');

let tester: Promise<Tester> | undefined;

function load(): Promise<Tester> {
  tester ??= import('./sns-tester.ts').catch((error: unknown) => {
    tester = undefined; // try again on the next use
    throw error;
  });
  return tester;
}

function run(root: HTMLElement): void {
  load()
    .then((m) => m.test(root))
    .catch(() => {
      for (const status of root.querySelectorAll<HTMLElement>('[data-policy]')) {
        status.dataset.result = 'error';
        status.textContent = 'Cannot test: the tester’s script did not load. Try again.';
      }
    });
}

for (const root of document.querySelectorAll<HTMLElement>('[data-sns-tester]')) {
  const form = root.querySelector('form');
  if (!form) continue;
  for (const box of form.querySelectorAll('textarea')) box.readOnly = false;
  for (const control of form.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('button, select')) control.disabled = false;
  const warm = (): void => {
    load()
      .then((m) => m.prepare(root))
      .catch(() => {});
  };
  form.addEventListener('focusin', warm);
  form.addEventListener('input', warm);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run(root);
  });
  const select = form.querySelector<HTMLSelectElement>('select[data-tester-example]');
  select?.addEventListener('change', () => {
    const option = select.selectedOptions[0];
    const attributes = form.querySelector<HTMLTextAreaElement>('textarea[data-tester-attributes]');
    const body = form.querySelector<HTMLTextAreaElement>('textarea[data-tester-body]');
    if (attributes) attributes.value = option?.dataset.attributes ?? '{}';
    if (body) body.value = option?.dataset.body ?? '{}';
    run(root);
  });
}
