/**
 * For the portal benchmark's rebuild (bench/README.md, "Portals"): flips one sentence of API `n`'s
 * description between two wordings, so that each build after it finds exactly that API changed.
 * `node bench/portal-edit-toggle.ts <portal folder> <n>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { apiFile } from './portal-docs.ts';

const [dir, n] = process.argv.slice(2);
if (!dir || !n) throw new Error('usage: node bench/portal-edit-toggle.ts <portal folder> <n>');
const file = apiFile(dir, Number(n));
const text = readFileSync(file, 'utf8');
const [from, to] = text.includes('Edited: first wording.')
  ? ['Edited: first wording.', 'Edited: second wording.']
  : ['Edited: second wording.', 'Edited: first wording.'];
writeFileSync(file, text.includes(from) ? text.replace(from, to) : text.replace(/^( {2}description: \|-\n)/m, `$1    ${to}\n\n`));
