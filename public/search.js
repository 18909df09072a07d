// Search (Pagefind) is the only feature that needs JavaScript. Every page carries a plain search
// form (without script it opens the search page with `?q=`); this loader makes its box the
// search itself when the reader shows they mean to use it (the pointer on the box, focus, typing,
// "/", Ctrl+K or Cmd+K), loading search-box.js and Pagefind then: reading a page costs no search
// script, and the index is on its way before the first key (a first answer waited on it).
(() => {
  const form = document.getElementById('search');
  const input = form?.querySelector('input');
  let loading = false;
  const start = () => {
    if (!form || !input || loading) return;
    loading = true;
    import(`${form.getAttribute('data-base') || '/'}search-box.js`)
      .then((box) => box.attach(form, input))
      .catch(() => {
        // No index (the dev server builds none): say so instead of failing silently.
        loading = false;
        input.placeholder = 'Search works in built sites';
      });
  };
  // The pointer on the box comes a moment before the click: time the loading uses.
  form?.addEventListener('pointerenter', start);
  input?.addEventListener('focus', start);
  input?.addEventListener('input', start);
  document.addEventListener('keydown', (event) => {
    if (!input) return;
    const target = event.target;
    // A field the reader types in; a code tab (a radio) or a checkbox with the focus is not one.
    const typing =
      target &&
      ((target.tagName === 'INPUT' && !/^(radio|checkbox|button|submit|reset|range|color|file)$/.test(target.type)) ||
        target.tagName === 'TEXTAREA' ||
        target.tagName === 'SELECT' ||
        target.isContentEditable);
    // "/" alone, or Ctrl+K / Cmd+K as on most documentation sites. Where the reader types in another
    // field (the tester's message, a filter), both keys stay theirs; in the search box itself,
    // Ctrl+K keeps the focus there rather than letting the browser take it to its own address bar.
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
    const commandK = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
    if (!(slash || commandK) || (typing && !(commandK && target === input))) return;
    event.preventDefault();
    input.focus();
    if (commandK) input.select();
  });
})();
