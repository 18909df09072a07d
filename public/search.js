// Search (Pagefind): the only feature that needs JavaScript. Loads the Pagefind UI into the
// header slot and focuses it on "/". Without JavaScript the slot stays empty.
(function () {
  var slot = document.getElementById('search');
  if (!slot) return;
  var bundle = (slot.getAttribute('data-base') || '/') + 'pagefind/';
  var css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = bundle + 'pagefind-ui.css';
  document.head.appendChild(css);
  var script = document.createElement('script');
  script.src = bundle + 'pagefind-ui.js';
  // Each hit says what kind of object it is ("channel · Order events").
  function withKind(result) {
    if (result.meta && result.meta.kind) result.meta.title = result.meta.kind + ' · ' + result.meta.title;
    return result;
  }
  script.onload = function () {
    /* global PagefindUI */
    // The search page shows the whole interface with its filters open, instead of the header box
    // (one search landmark per page).
    if (!document.getElementById('search-page')) {
      new PagefindUI({ element: '#search', bundlePath: bundle, showSubResults: true, showImages: false, resetStyles: false, showEmptyFilters: false, processResult: withKind, translations: { placeholder: 'Search (press /)' } });
    } else {
      new PagefindUI({ element: '#search-page', bundlePath: bundle, showSubResults: true, showImages: false, resetStyles: false, processResult: withKind, openFilters: ['kind', 'protocol'], translations: { placeholder: 'Search the API' } });
    }
  };
  document.head.appendChild(script);
  document.addEventListener('keydown', function (event) {
    var target = event.target;
    var typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
    if (event.key === '/' && !typing) {
      var input = document.querySelector('.pagefind-ui__search-input');
      if (input) {
        event.preventDefault();
        input.focus();
      }
    }
  });
})();
