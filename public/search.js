// Search (Pagefind) is the only feature that needs JavaScript. Every page carries a plain search
// form (without script it opens the search page with `?q=`); this loader makes its box the
// search itself on the reader's first use (focus, typing, or "/"), loading search-box.js and
// Pagefind then: reading a page costs no search script.
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
  input?.addEventListener('focus', start);
  input?.addEventListener('input', start);
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
    if (event.key !== '/' || typing || event.ctrlKey || event.metaKey || event.altKey || !input) return;
    event.preventDefault();
    input.focus();
  });
})();
