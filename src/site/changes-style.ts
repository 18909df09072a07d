/**
 * The style of what `build --compare` adds (the Changes page, the badge of a changed page, the
 * overview's link), in a stylesheet of its own that only such a build writes and links
 * (`changes.css` at the site's root): the site's main stylesheet, and so every page of a build
 * without --compare, stays byte for byte as it was. It uses the main stylesheet's variables, so
 * it follows the light and dark themes and the accent colour.
 */
export const CHANGES_STYLESHEET = 'changes.css';

export const CHANGES_CSS = `/* build --compare: words first; colour repeats them. */
.badge.change-breaking { color: var(--danger); border-color: color-mix(in srgb, var(--danger) 50%, var(--bg)); background: color-mix(in srgb, var(--danger) 9%, var(--bg)); }
.badge.change-changed { color: var(--accent); border-color: color-mix(in srgb, var(--accent) 45%, var(--bg)); background: var(--accent-soft); }
.badge.change-info { color: var(--muted); }
a.change-badge { text-decoration: none; }
a.change-badge:hover, a.change-badge:focus-visible { text-decoration: underline; }
.changes-link { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: var(--radius-sm); padding: var(--s2) var(--s4); background: var(--panel); }
.changes-link.has-breaking { border-left-color: var(--danger); }
.changes-counts { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 var(--s4); }
.changes-counts .badge + .badge { margin-left: 0; }
.changes-empty { padding: var(--s4); border: 1px dashed var(--line-strong); border-radius: var(--radius-sm); }
.changes-group > h2 .count { color: var(--muted); font-weight: 400; }
.changes-breaking > h2 { border-left: 4px solid var(--danger); padding-left: var(--s2); }
.changes-api { overflow-wrap: anywhere; }
.changes-api a { color: var(--accent); text-underline-offset: 0.15em; }
.changes-api code { font-weight: 400; font-size: 0.8em; color: var(--muted); }
.change-object { margin: var(--s4) 0; }
.change-object-title { overflow-wrap: anywhere; margin-bottom: var(--s2); }
.change-object-title a { color: var(--accent); text-decoration: none; }
.change-object-title a code { text-decoration: underline; text-underline-offset: 0.15em; }
.change-object-title a:hover .change-kind, .change-object-title a:focus-visible .change-kind { text-decoration: underline; }
.change-object-title .change-kind { font-weight: 400; color: var(--muted); }
.change-object-title code { font-size: 0.95em; }
.change-list { list-style: none; padding: 0; margin: 0; }
.change-list > li { border-left: 2px solid var(--line); padding: 0.2rem 0 0.2rem var(--s4); margin: 0 0 var(--s2); }
.changes-breaking .change-list > li { border-left-color: color-mix(in srgb, var(--danger) 60%, var(--bg)); }
.change-message { margin: 0; overflow-wrap: anywhere; }
/* The value before struck, the value after marked, each with its words for screen readers (ChangesPage.astro). */
.change-old, .change-new { padding: 0 0.2rem; border-radius: 3px; font-family: var(--mono); font-size: 0.92em; }
.change-old { text-decoration: line-through; text-decoration-thickness: 1px; color: var(--fg); background: color-mix(in srgb, var(--danger) 12%, var(--bg)); }
.change-new { text-decoration: none; color: var(--fg); background: color-mix(in srgb, var(--send) 14%, var(--bg)); }
.change-whom { color: var(--danger); }
.change-consequence { display: block; color: var(--muted); }
.changes-sides { margin: 0 0 0.2rem; font-size: var(--text-lg); }
.change-meta { margin: 0.15rem 0 0; display: flex; flex-wrap: wrap; gap: 0.2rem 1rem; color: var(--muted); font-size: var(--text-xs); overflow-wrap: anywhere; }
.change-meta code { overflow-wrap: anywhere; }
.change-object-id { font-size: var(--text-sm); font-weight: 400; color: var(--muted); }
.change-object-id code { color: var(--muted); }
.change-action { margin: var(--s1) 0 0; }
/* A rewording's words: prose, not code; the removed and added words marked as the values above are. */
.change-wording { margin: 0.2rem 0 0; font-size: var(--text-sm); overflow-wrap: anywhere; }
.change-wording .change-old, .change-wording .change-new { font-family: inherit; font-size: inherit; padding: 0 0.1rem; }
.change-wording-fold { margin: 0.2rem 0 0; font-size: var(--text-sm); }
.change-wording-fold > summary { cursor: pointer; color: var(--muted); }
/* Breaking changes under one version number: a warning at the top of the page. */
.changes-same-version { margin: 0 0 var(--s4); padding: var(--s2) var(--s4); border: 1px solid var(--line); border-left: 4px solid var(--danger); border-radius: var(--radius-sm); background: var(--panel); }
/* Where the change is written is for the document's authors: the quietest line of an entry, under what a client must change. */
.change-at { margin: 0.1rem 0 0; font-size: var(--text-xs); color: var(--muted); opacity: 0.75; overflow-wrap: anywhere; }
.change-at code { color: var(--muted); background: none; padding: 0; }
/* A changed page says what changed on it, in a short list, linked to its entries. */
.change-callout { margin: 0 0 var(--s4); padding: var(--s2) var(--s4); border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: var(--radius-sm); background: var(--panel); overflow-wrap: anywhere; }
.change-callout.change-breaking { border-left-color: var(--danger); }
.change-callout-head { margin: 0; }
.change-callout-list { margin: var(--s2) 0 0; padding-left: var(--s5); }
.change-callout-list li + li { margin-top: var(--s1); }
.change-callout .more { margin: var(--s1) 0 0; }
`;
