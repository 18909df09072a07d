// The language of the code samples, remembered across the site: the tab the reader picks is
// picked again on every page that has it. Loaded right after the samples' tabs (not deferred),
// so a page is first drawn with the remembered tab. Stored only when the reader picks a tab (a
// change event comes from the reader, never from a script); without JavaScript the first tab
// shows. The tabs stay radio buttons: the arrow keys move between them as before.
(function () {
  var KEY = 'apidesc-sample-language';
  var SELECTOR = 'input.code-tab-input[data-remember="sample-language"]';
  function pick(choice) {
    var inputs = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < inputs.length; i++) if (inputs[i].dataset.choice === choice) inputs[i].checked = true;
  }
  var stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch (_e) {
    stored = null;
  }
  if (stored) pick(stored);
  if (window.apidescCodeTabs) return;
  window.apidescCodeTabs = true;
  document.addEventListener('change', function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches(SELECTOR) || !input.checked) return;
    try {
      localStorage.setItem(KEY, input.dataset.choice);
    } catch (_e) {
      // Storage refused (private mode, a policy): the choice holds on this page only.
    }
    // The page's other samples (the reply's, another server's) follow.
    pick(input.dataset.choice);
  });
})();
