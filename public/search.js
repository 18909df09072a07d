// Search (Pagefind): the only feature that needs JavaScript. Every page carries a plain search
// form; the Pagefind UI (about 130 KB of script) is loaded only when the reader starts to search
// (focuses the box, or presses "/"), so reading a page costs no search script. The search page
// loads it at once and runs the query of its `?q=` parameter (the form's target without script).
(function () {
  var form = document.getElementById('search');
  var page = document.getElementById('search-page');
  var slot = form || page;
  if (!slot) return;
  var bundle = (slot.getAttribute('data-base') || '/') + 'pagefind/';
  var loading = null;
  // Pagefind's UI writes excerpts as HTML, from the page's text with "<" and ">" as entities but
  // "&" as it is: "&amp;" or "&lt;" written on a page would read "&" and "<". Each "&" that does not
  // start one of Pagefind's own "&lt;" and "&gt;" is escaped (all of them when the page holds no
  // "<" or ">", so that a written "&lt;" reads as written too). Titles and meta are shown as text.
  function excerptAsWritten(excerpt, content) {
    if (typeof excerpt !== 'string') return excerpt;
    var pagefindEntities = typeof content !== 'string' || /[<>]/.test(content);
    return excerpt.replace(pagefindEntities ? /&(?!lt;|gt;)/g : /&/g, '&amp;');
  }
  // Each hit says what kind of object it is ("channel · Order events"), in a portal after its API.
  // A schema field's sub-result (an anchor with a title: its data path, SchemaRows.astro) says
  // where the field is: "Orders API › message · Order placed › payload.customer.id".
  function withKind(result) {
    if (result.meta?.kind) result.meta.title = result.meta.kind + ' · ' + result.meta.title;
    if (result.meta?.api) result.meta.title = result.meta.api + ' › ' + result.meta.title;
    result.excerpt = excerptAsWritten(result.excerpt, result.content);
    (result.sub_results || []).forEach(function (sub) {
      sub.excerpt = excerptAsWritten(sub.excerpt, result.content);
      if (sub.anchor?.title) sub.title = result.meta.title + ' › ' + sub.title;
    });
    return result;
  }
  // A large site's index comes in parts (src/cli/search-index.ts): Pagefind searches them as one.
  var mergeIndex = [];
  function loadParts() {
    return fetch(bundle + 'parts.json')
      .then(function (response) {
        return response.ok ? response.json() : [];
      })
      .then(function (parts) {
        mergeIndex = (Array.isArray(parts) ? parts : []).map(function (part) {
          return { bundlePath: bundle + part };
        });
      })
      .catch(function () {});
  }
  function loadUi() {
    if (loading) return loading;
    var script = new Promise(function (resolve, reject) {
      var css = document.createElement('link');
      css.rel = 'stylesheet';
      css.href = bundle + 'pagefind-ui.css';
      document.head.appendChild(css);
      var tag = document.createElement('script');
      tag.src = bundle + 'pagefind-ui.js';
      tag.onload = resolve;
      tag.onerror = reject;
      document.head.appendChild(tag);
    });
    loading = Promise.all([script, loadParts()]);
    return loading;
  }
  /* global PagefindUI */
  if (page) {
    loadUi()
      .catch(function () {
        page.textContent = 'Search works in built sites: this one has no search index.';
      })
      .then(function () {
        if (typeof PagefindUI === 'undefined') return;
        var ui = new PagefindUI({
          element: '#search-page',
          bundlePath: bundle,
          mergeIndex: mergeIndex,
          showSubResults: true,
          showImages: false,
          resetStyles: false,
          processResult: withKind,
          // On a phone the filters come above the results: folded there, so the results show first.
          openFilters: matchMedia('(min-width: 48rem)').matches ? ['kind', 'protocol'] : [],
          translations: { placeholder: 'Search the API' },
        });
        var query = new URLSearchParams(location.search).get('q');
        if (query) ui.triggerSearch(query);
      });
  }
  // The header box: swapped for the Pagefind UI, keeping what was typed while it loaded.
  var input = form?.querySelector('input');
  function upgrade() {
    if (!form || !input) return Promise.resolve();
    return loadUi()
      .catch(function () {
        // No index (the dev server builds none): say so instead of failing silently.
        input.placeholder = 'Search works in built sites';
        return Promise.reject();
      })
      .then(function () {
        if (!form.isConnected) return;
        var typed = input.value;
        var hadFocus = document.activeElement === input;
        var mount = document.createElement('div');
        mount.id = 'search';
        mount.className = form.className;
        mount.setAttribute('data-pagefind-ignore', '');
        form.replaceWith(mount);
        var ui = new PagefindUI({
          element: '#search',
          bundlePath: bundle,
          mergeIndex: mergeIndex,
          showSubResults: true,
          showImages: false,
          resetStyles: false,
          showEmptyFilters: false,
          processResult: withKind,
          translations: { placeholder: 'Search (press /)' },
        });
        var box = mount.querySelector('input');
        if (box && typed) {
          box.value = typed;
          ui.triggerSearch(typed);
        }
        if (box && hadFocus) box.focus();
      });
  }
  function start() {
    upgrade().catch(function () {});
  }
  if (input) {
    input.addEventListener('focus', start, { once: true });
    input.addEventListener('input', start, { once: true });
  }
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    // Escape in the header's search closes its results, which lie over the page.
    var headerBox = target?.closest?.('header #search');
    if (event.key === 'Escape' && headerBox && target.tagName === 'INPUT' && target.value !== '') {
      target.value = '';
      target.dispatchEvent(new Event('input', { bubbles: true }));
      return;
    }
    var typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
    if (event.key !== '/' || typing) return;
    var box = document.querySelector('#search input');
    if (box) {
      event.preventDefault();
      box.focus();
    }
  });
})();
