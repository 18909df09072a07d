// Runs before first paint (loaded without defer in <head>): applies the theme the reader chose
// on an earlier page, so there is no flash of the wrong theme. Without JavaScript the system
// theme applies and there is no toggle.
(function () {
  var KEY = 'apidesc-theme';
  var root = document.documentElement;
  var stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch (_e) {
    stored = null;
  }
  if (stored === 'light' || stored === 'dark') root.dataset.theme = stored;
  function current() {
    return root.dataset.theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  }
  document.addEventListener('DOMContentLoaded', function () {
    var header = document.querySelector('header.site');
    if (!header) return;
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'theme';
    function label() {
      var next = current() === 'dark' ? 'light' : 'dark';
      button.textContent = next === 'dark' ? 'Dark theme' : 'Light theme';
      button.setAttribute('aria-label', 'Switch to the ' + next + ' theme');
    }
    button.addEventListener('click', function () {
      var next = current() === 'dark' ? 'light' : 'dark';
      root.dataset.theme = next;
      try {
        localStorage.setItem(KEY, next);
      } catch (_e) {
        /* private mode: the choice lasts for this page only */
      }
      label();
    });
    label();
    header.appendChild(button);
  });
})();
