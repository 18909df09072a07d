// The language of the code samples, remembered across the site: the tab the reader picks is
// picked again on every page that has it. Loaded right after the samples' tabs (not deferred),
// so a page is first drawn with the remembered tab. Stored only when the reader picks a tab (a
// change event comes from the reader, never from a script); without JavaScript the first tab
// shows. The tabs stay radio buttons: the arrow keys move between them as before.
(() => {
  const KEY = 'apidesc-sample-language';
  const SELECTOR = 'input.code-tab-input[data-remember="sample-language"]';
  const pick = (choice) => {
    for (const input of document.querySelectorAll(SELECTOR)) if (input.dataset.choice === choice) input.checked = true;
  };
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  if (stored) pick(stored);
  document.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(SELECTOR) || !input.checked) return;
    try {
      localStorage.setItem(KEY, input.dataset.choice);
    } catch {
      // Storage refused (private mode, a policy): the choice holds on this page only.
    }
    // The page's other samples (the reply's, another server's) follow.
    pick(input.dataset.choice);
  });
  // A sample's link to the example it carries lands on that message's tab of the examples
  // (without script, the browser goes there and opens a folded part around it); here it also
  // picks the tab, so that the example shows.
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-pick-tab]') : null;
    const tab = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
    if (!(tab instanceof HTMLInputElement)) return;
    tab.checked = true;
    for (let folded = tab.closest('details'); folded; folded = folded.parentElement?.closest('details') ?? null) folded.open = true;
  });
})();
