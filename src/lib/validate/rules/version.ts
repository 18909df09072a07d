/** SPEC "Version String" and "Versioning": `major.minor.patch[-suffix]`; this tool implements 3.0. */
import { fieldAt, problem, type Rule } from './rule.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';

const VERSION = /^(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z-]+)?$/;

export const versionRule: Rule = {
  id: 'version',
  description: 'apidesc is major.minor.patch (Errors #3); 3.0.x is supported, another 3.x minor is a warning, another major an error',
  run({ doc, report }) {
    const root = doc.root.value;
    if (!isPlainObject(root) || typeof root.apidesc !== 'string') return;
    const at = fieldAt({ file: doc.root.path, pointer: '' }, 'apidesc');
    const m = VERSION.exec(root.apidesc);
    if (!m) {
      report(
        problem(
          'version-format',
          'error',
          at,
          `apidesc "${root.apidesc}" is not of the form major.minor.patch`,
          'Write the specification version, e.g. apidesc: 3.0.0 (SPEC, Errors #3).',
        ),
      );
      return;
    }
    const [major, minor] = [Number(m[1]), Number(m[2])];
    if (major !== 3) {
      report(
        problem(
          'version-unsupported',
          'error',
          at,
          `apidesc ${root.apidesc} is not supported: this tool reads 3.0.x documents`,
          'Convert the document to apidesc 3.0.0.',
        ),
      );
    } else if (minor !== 0) {
      report(
        problem(
          'version-minor',
          'warning',
          at,
          `apidesc ${root.apidesc} is newer than 3.0: it is read as 3.0 and newer fields are reported as unknown`,
          'Use apidesc 3.0.0 if the document uses no 3.' + minor + ' features.',
        ),
      );
    }
  },
};
