// Navigation, as progressive enhancement: pages list and link the same without it.
// 1. The sidebar shows the current page: on wide screens it scrolls its own list to it (the
//    page already opens its section); on phones, opening the menu brings it into view.
// 2. "On this page" marks the section being read (aria-current), as the reader scrolls.
(() => {
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

  const toc = document.querySelector('nav[data-toc]');
  if (!toc) return;
  const all = [...toc.querySelectorAll('a[href^="#"]')]
    .map((link) => ({ link, heading: document.getElementById(decodeURIComponent(link.getAttribute('href').slice(1))) }))
    .filter((t) => t.heading);
  // The reference panel's headings stay in view beside the sections (sticky): scrolling marks
  // none of them. A reader who follows a link to one is reading it: that link stays marked
  // until the reader scrolls on to another of the page's sections.
  const targets = all.filter((t) => !t.heading.closest('.ref-panel'));
  if (targets.length === 0) return;
  let marked = null;
  let chosen = null;
  let open = null;
  // The section being read: the last heading above the top third of the window (the first before
  // any); at the end of the page, the last one shown, however short its section.
  const reading = () => {
    const line = innerHeight / 3;
    let at = targets[0];
    for (const t of targets) {
      if (t.heading.getBoundingClientRect().top > line) break;
      at = t;
    }
    if (innerHeight + scrollY >= document.documentElement.scrollHeight - 2) {
      const last = targets.findLast((t) => t.heading.getBoundingClientRect().top < innerHeight);
      if (last) at = last;
    }
    return at;
  };
  const mark = () => {
    let at = reading();
    // The section under the panel's part when the link was followed (set once the jump is done): leaving it unmarks the part.
    if (chosen) {
      chosen.under ??= at;
      if (chosen.under === at) at = chosen.target;
      else chosen = null;
    }
    // The section read: in the bar of sections (a page with a panel at 1280–1760 px, site.css) its
    // sub-headings show in a row under the bar, the others' are hidden.
    const section = at.link.closest('nav[data-toc] > ul > li');
    if (section !== open) {
      open?.classList.remove('toc-open');
      section?.classList.add('toc-open');
      open = section;
    }
    // A sub-heading the bar does not show (a section without its row): its section's link is marked.
    let link = at.link;
    if (link.offsetParent === null) link = link.closest('ul ul')?.closest('li')?.querySelector(':scope > a') ?? link;
    if (link === marked) return;
    marked?.removeAttribute('aria-current');
    link.setAttribute('aria-current', 'true');
    marked = link;
    // The bar and its row scroll sideways when their links do not all fit: the marked ones are brought into them.
    for (const shown of new Set([link, section?.querySelector(':scope > a')])) {
      const bar = shown?.closest('ul');
      if (!bar || bar.scrollWidth <= bar.clientWidth) continue;
      const [b, l] = [bar.getBoundingClientRect(), shown.getBoundingClientRect()];
      if (l.left < b.left || l.right > b.right) bar.scrollLeft += l.left - b.left - b.width / 3;
    }
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
  addEventListener('resize', mark);
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
  mark();
  if (location.hash) choose(location.hash);
})();
