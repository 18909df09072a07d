// Navigation, as progressive enhancement (pages list and link the same without it): 1. the
// sidebar shows the current page; 2. "On this page" marks the section read; 3. at 1280–1760 px it
// is one row with an "All N sections" menu; 4. the reference panel stays in view beside the
// fields; 5. a link into folded content opens its folds.
(() => {
  // 4. Whole under the header when it fits the window; taller, it scrolls until its foot is in view
  //    and stays there (a negative sticky top): every part of it is read by scrolling the page.
  const panel = document.querySelector('aside.ref-panel');
  // The blank beside the fields (px) above which examples go under them.
  const BLANK = 320;
  if (panel) {
    const grid = panel.closest('.ref-grid');
    const fields = grid?.querySelector('.ref-main');
    const place = () => {
      // Examples much taller than the fields go under them, not beside a blank column; code
      // samples and an operation's panel stay beside (its folded messages open next to it).
      grid?.removeAttribute('data-panel-below');
      const beside = fields && panel.getBoundingClientRect().left >= fields.getBoundingClientRect().right;
      const mayFollow = grid?.hasAttribute('data-examples-may-follow') && !panel.querySelector('.code-samples');
      if (beside && mayFollow && panel.offsetHeight - fields.offsetHeight > BLANK) {
        grid.setAttribute('data-panel-below', '');
        panel.removeAttribute('data-sticky');
        return;
      }
      panel.style.removeProperty('top');
      const top = Number.parseFloat(getComputedStyle(panel).top) || 0;
      const margin = 16;
      if (panel.offsetHeight + top + margin > innerHeight) panel.style.top = `${Math.round(innerHeight - panel.offsetHeight - margin)}px`;
      panel.setAttribute('data-sticky', '');
    };
    place();
    addEventListener('resize', place);
    if (typeof ResizeObserver === 'function') {
      // Fields grow as their folds open.
      const observer = new ResizeObserver(place);
      observer.observe(panel);
      if (fields) observer.observe(fields);
    }
  }

  const sidebar = document.getElementById('sidebar');
  const current = sidebar?.querySelector('a[aria-current="page"]');
  // The current entry in the upper third of the sidebar's own scroll box, when it is out of view.
  if (sidebar && current && sidebar.scrollHeight > sidebar.clientHeight) {
    const box = sidebar.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    if (item.top < box.top || item.bottom > box.bottom) sidebar.scrollTop += item.top - box.top - sidebar.clientHeight / 3;
  }
  const toggle = document.getElementById('nav-open');
  if (toggle && current) {
    toggle.addEventListener('change', () => {
      if (toggle.checked) current.scrollIntoView({ block: 'center' });
    });
  }

  // 5. Chromium opens the folds around a link's target itself; other browsers here.
  const unfold = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    const place = id && document.getElementById(id);
    if (!place) return;
    let opened = false;
    for (let fold = place.closest('details'); fold; fold = fold.parentElement?.closest('details'))
      if (!fold.open) {
        fold.open = true;
        opened = true;
      }
    if (opened) place.scrollIntoView();
  };
  unfold();
  addEventListener('hashchange', unfold);

  const toc = document.querySelector('nav[data-toc]');
  if (!toc) return;
  const all = [...toc.querySelectorAll('a[href^="#"]')]
    .map((link) => ({ link, heading: document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1))) }))
    .filter((t) => t.heading);
  const menu = barMenu(toc);
  // The reference panel's headings stay in view beside the sections (sticky): scrolling marks
  // none of them. A reader who follows a link to one is reading it: that link stays marked
  // until the reader scrolls on to another of the page's sections.
  const targets = all.filter((t) => !t.heading.closest('.ref-panel'));
  if (targets.length === 0) return;
  let marked = null;
  let chosen = null;
  // The place a link or a search result led to (a field's row, a heading): its section is the one
  // read while the place is in view, though a heading further down may be nearer the top (a short
  // last section at the foot of the page).
  let pinned = null;
  const pin = (hash) => {
    const id = decodeURIComponent(hash.slice(1));
    const place = id && document.getElementById(id);
    if (!place || place.closest('nav[data-toc], .ref-panel')) return;
    let under = null;
    for (const t of targets) {
      if (t.heading === place || t.heading.compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING) under = t;
      else break;
    }
    pinned = under && { place, target: under };
  };
  const inView = (el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  };
  // The section being read: the last heading above the top third of the window (the first before
  // any); at the end of the page, where a short last section never reaches that line, the last
  // heading in the window's upper half. Not any heading shown: a short section under the foot of
  // the one being read ("Security" under "Retries") is not what the reader reads.
  const reading = () => {
    const line = innerHeight / 3;
    let at = targets[0];
    for (const t of targets) {
      if (t.heading.getBoundingClientRect().top > line) break;
      at = t;
    }
    if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) {
      const last = targets.findLast((t) => t.heading.getBoundingClientRect().top < innerHeight / 2);
      if (last && targets.indexOf(last) > targets.indexOf(at)) at = last;
    }
    return at;
  };
  const mark = () => {
    let at = reading();
    // (Not yet seen: the browser has not scrolled to it yet.)
    if (pinned) {
      if (inView(pinned.place)) pinned.seen = true;
      if (pinned.seen && !inView(pinned.place)) pinned = null;
      else at = pinned.target;
    }
    // The section under the panel's part when the link was followed (set once the jump is done): leaving it unmarks the part.
    if (chosen) {
      chosen.under ??= at;
      if (chosen.under === at) at = chosen.target;
      else chosen = null;
    }
    // A sub-heading the bar does not show: its section's link is marked; a section the bar folded
    // into its menu: its link in the menu, and the menu's button says it holds the one read.
    let link = at.link;
    if (link.offsetParent === null) link = link.closest('ul ul')?.closest('li')?.querySelector(':scope > a') ?? link;
    const folded = menu && link.offsetParent === null;
    if (folded) link = menu.copyOf(at.link) ?? link;
    menu?.details.classList.toggle('toc-has-current', Boolean(folded));
    if (link === marked) return;
    marked?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'true');
    marked = link;
  };
  let pending = false;
  addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        mark();
      });
    },
    { passive: true },
  );
  addEventListener('resize', () => {
    menu?.fit();
    mark();
  });
  addEventListener('hashchange', () => {
    pin(location.hash);
    requestAnimationFrame(mark);
  });
  const choose = (hash) => {
    const target = all.find((t) => t.heading.closest('.ref-panel') && `#${t.heading.id}` === decodeURIComponent(hash));
    if (!target) return;
    chosen = { target, under: undefined };
    requestAnimationFrame(mark);
  };
  toc.addEventListener('click', (event) => {
    const link = event.target.closest?.('a[href^="#"]');
    if (link) choose(link.getAttribute('href'));
  });
  if (location.hash) pin(location.hash);
  mark();
  if (location.hash) choose(location.hash);
})();

/**
 * The bar's menu: a copy of the whole outline (sections and their sub-headings) in a <details> at
 * the end of the row; the row's sections that do not fit are folded (li.toc-folded), and the menu's
 * button says what it holds, all the sections. Only where site.css shows "On this page" as a bar (any
 * page at 72–110rem); elsewhere the rail or the fold lists everything and no menu is needed.
 */
function barMenu(toc) {
  const list = toc.querySelector(':scope > ul');
  if (!list || !toc.parentElement?.classList.contains('with-toc')) return null;
  const asBar = matchMedia('(min-width: 72rem) and (max-width: 109.99rem)');
  const sections = [...list.children];
  const details = document.createElement('details');
  details.className = 'toc-menu';
  const summary = document.createElement('summary');
  details.append(summary, list.cloneNode(true));
  const copies = new Map([...details.querySelectorAll('a[href^="#"]')].map((a) => [a.getAttribute('href'), a]));
  const hasSubHeadings = list.querySelector('ul') !== null;
  const fit = () => {
    for (const li of sections) li.classList.remove('toc-folded');
    if (!asBar.matches) {
      toc.removeAttribute('data-bar');
      details.remove();
      return;
    }
    toc.setAttribute('data-bar', '');
    toc.append(details);
    // One wording on every page, whether the row folds sections or only the menu shows their
    // sub-headings: what the menu holds, the whole outline ("All 9 sections"), set before fitting
    // so that the row leaves room for it.
    summary.textContent = `All ${sections.length} sections`;
    let folded = 0;
    while (list.scrollWidth > list.clientWidth + 1 && folded < sections.length) {
      sections[sections.length - 1 - folded].classList.add('toc-folded');
      folded++;
    }
    if (folded === 0 && !hasSubHeadings) details.remove();
    summary.setAttribute(
      'aria-label',
      `All ${sections.length} sections${hasSubHeadings ? ' and their subsections' : ''}${folded > 0 ? `, ${folded} of them not in the row` : ''}`,
    );
  };
  // A link followed, Escape, or a click elsewhere closes the menu.
  details.addEventListener('click', (event) => {
    if (event.target.closest('a')) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && details.open) {
      details.open = false;
      summary.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (details.open && !details.contains(event.target)) details.open = false;
  });
  asBar.addEventListener('change', fit);
  fit();
  return { details, fit, copyOf: (link) => copies.get(link.getAttribute('href')) };
}
