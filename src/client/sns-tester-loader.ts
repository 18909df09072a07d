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

/** What the results are of: an example as written (by its label), or the reader's own message. */
interface Subject {
  example?: string;
}

/** The line above the results says what they are of (SnsTester.astro writes the pre-filled example's). */
function describe(root: HTMLElement, text: string): void {
  const line = root.querySelector<HTMLElement>('[data-tester-for]');
  if (line) line.textContent = text;
}

/**
 * After Test, the line above the results takes the focus, brought into view (the results are often
 * below the fold); a message that does not parse, the box that holds it, its error under it (as a
 * form that does not validate).
 */
function land(root: HTMLElement): void {
  const invalid = root.querySelector<HTMLElement>('textarea[aria-invalid="true"]');
  const target = invalid ?? root.querySelector<HTMLElement>('[data-tester-for]');
  if (!target) return;
  target.focus({ preventScroll: true });
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: invalid ? 'center' : 'start', behavior: still ? 'auto' : 'smooth' });
}

function run(root: HTMLElement, subject: Subject, focus: boolean): void {
  load()
    .then((m) => m.test(root, subject.example))
    .then((line) => {
      describe(root, line);
      if (focus) land(root);
    })
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
  // The message in the form: the pre-filled example until the reader edits it or chooses another.
  const subject: Subject = { example: root.querySelector<HTMLElement>('[data-tester-for]')?.dataset.example ?? '' };
  let stale = false;
  const select = form.querySelector<HTMLSelectElement>('select[data-tester-example]');
  /** "Start from" reads "Your message" once the reader edits it: an example's name there would say the form still holds it. */
  const ownMessage = (): void => {
    if (!select) return;
    let own = select.querySelector<HTMLOptionElement>('option[data-own]');
    if (!own) {
      own = document.createElement('option');
      own.dataset.own = '';
      own.hidden = true;
      own.textContent = 'Your message';
      select.append(own);
    }
    own.selected = true;
  };
  form.addEventListener('focusin', warm);
  form.addEventListener('input', (event) => {
    warm();
    if (!(event.target instanceof HTMLTextAreaElement)) return;
    delete subject.example;
    ownMessage();
    if (!stale) describe(root, 'You changed the message: the results below are still those of the one before. Press Test to see its own.');
    stale = true;
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    stale = false;
    run(root, { ...subject }, true);
  });
  select?.addEventListener('change', () => {
    const option = select.selectedOptions[0];
    const attributes = form.querySelector<HTMLTextAreaElement>('textarea[data-tester-attributes]');
    const body = form.querySelector<HTMLTextAreaElement>('textarea[data-tester-body]');
    if (attributes) attributes.value = option?.dataset.attributes ?? '{}';
    if (body) body.value = option?.dataset.body ?? '{}';
    subject.example = option?.textContent ?? '';
    stale = false;
    run(root, { ...subject }, false);
  });
}

/**
 * A link to the tester's fold (the one near the subscriptions' heading, SnsOperation.astro) opens
 * it as well: without script the link still lands on the fold's summary, a click away.
 */
function openLinkedFold(hash: string): void {
  const fold = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (fold instanceof HTMLDetailsElement && fold.matches('[data-tester-fold]')) fold.open = true;
}
openLinkedFold(location.hash);
window.addEventListener('hashchange', () => openLinkedFold(location.hash));
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-tester-link]') : null;
  if (link) openLinkedFold(link.hash);
});
