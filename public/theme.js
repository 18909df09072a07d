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
    // An icon, so that the API's name beside it keeps the room on a phone: a moon while the page
    // is light, a sun while dark. One name, "Dark theme", and whether it is on (aria-pressed):
    // a toggle read the same way whichever theme the page has; the tooltip says what a press does.
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'theme';
    button.setAttribute('aria-label', 'Dark theme');
    var SVG = 'http://www.w3.org/2000/svg';
    var icon = document.createElementNS(SVG, 'svg');
    icon.setAttribute('viewBox', '0 0 20 20');
    icon.setAttribute('aria-hidden', 'true');
    icon.setAttribute('focusable', 'false');
    var moon = 'M15.5 12.4A6.5 6.5 0 0 1 7.6 4.5a6.5 6.5 0 1 0 7.9 7.9z';
    var sun =
      'M10 6.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM10 1.8v2M10 16.2v2M1.8 10h2M16.2 10h2M4.2 4.2l1.4 1.4M14.4 14.4l1.4 1.4M4.2 15.8l1.4-1.4M14.4 5.6l1.4-1.4';
    var path = document.createElementNS(SVG, 'path');
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', 'currentColor');
    path.setAttribute('stroke-width', '1.7');
    path.setAttribute('stroke-linecap', 'round');
    path.setAttribute('stroke-linejoin', 'round');
    icon.appendChild(path);
    button.appendChild(icon);
    function label() {
      var dark = current() === 'dark';
      button.setAttribute('aria-pressed', dark ? 'true' : 'false');
      button.title = dark ? 'Switch to the light theme' : 'Switch to the dark theme';
      path.setAttribute('d', dark ? sun : moon);
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
