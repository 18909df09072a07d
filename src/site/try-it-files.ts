/**
 * The files of "try it" (configuration `tryIt`) at the site's root, written by the build only for
 * a site that has the form (src/pipeline/try-it-assets.ts), as the Changes page's stylesheet is:
 * a site built without `tryIt` stays byte for byte as it was (a component's own style would be
 * written into every page of its route).
 */
/** The form's script (src/client/try-it.ts, compiled). */
export const TRY_IT_SCRIPT = 'try-it.js';
/** The mqtt package's browser build, which the script loads when the reader connects to an MQTT server. */
export const TRY_IT_MQTT = 'try-it-mqtt.js';
/** The form's style, using the main stylesheet's variables (both themes, the accent colour). */
export const TRY_IT_STYLESHEET = 'try-it.css';

export const TRY_IT_CSS = `.try-it label { display: block; font-weight: 600; margin-bottom: var(--s1); }
.try-it input, .try-it textarea { box-sizing: border-box; width: 100%; font: var(--text-sm)/1.45 var(--mono); color: var(--fg); background: var(--code-bg); border: 1px solid var(--line-strong); border-radius: var(--radius-sm); padding: var(--s2); }
.try-it textarea { min-height: 8rem; resize: vertical; }
.try-it input:focus-visible, .try-it textarea:focus-visible, .try-it button:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.try-it fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
.try-it code { overflow-wrap: anywhere; }
.try-it-stop { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line-strong); border-radius: var(--radius-sm); padding: 0.4rem 1.2rem; cursor: pointer; }
.try-it-stop:disabled { opacity: 0.5; cursor: not-allowed; }
.try-it-status:empty, .try-it-log:empty { display: none; }
.try-it-log { list-style: none; padding: 0; margin: var(--s2) 0 0; display: grid; gap: var(--s2); }
.try-it-log > li { border-left: 3px solid var(--line-strong); padding-left: var(--s2); min-width: 0; }
.try-it-log pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: var(--text-sm)/1.45 var(--mono); }
/* Without script the form cannot be used: its button is not offered. */
@media (scripting: none) { .try-it-actions { display: none; } }
`;
