/**
 * SARIF 2.1.0 for code-scanning annotations in CI (one run, one rule per diagnostic code). What
 * a reviewer reads of it (messages, names) has its control characters and bidirectional
 * overrides shown as escapes, as on a terminal: an annotation cannot reorder or hide its text.
 */
import type { Diagnostic } from './diagnostic.ts';
import { escapeControls } from '../terminal-text.ts';

/** One annotation: its rule, level, text, and where it is (a file, a line when known, a JSON pointer). */
export interface SarifResult {
  rule: string;
  level: 'error' | 'warning' | 'note';
  text: string;
  file: string;
  line?: number;
  column?: number;
  pointer: string;
}

/**
 * A file as SARIF's `artifactLocation.uri`, a URI reference (RFC 3986): each path segment
 * percent-encoded (a space, `#`, `%`, `?` in a file name would otherwise end the path or be read
 * as an escape), `/` between them; a Windows path as a `file:` URI; a remote `$ref`'s URL as given,
 * normalised.
 */
function artifactUri(file: string): string {
  const path = file.replaceAll('\\', '/');
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      return new URL(path).href;
    } catch {
      // Not a URL after all: encoded as a path below.
    }
  }
  const segments = (p: string): string =>
    p
      .split('/')
      .map((segment) => encodeURIComponent(segment.toWellFormed()))
      .join('/');
  if (/^[a-z]:\//i.test(path)) return `file:///${path.slice(0, 2)}${segments(path.slice(2))}`;
  return segments(path);
}

/**
 * A SARIF log of one run by `tool` (`apidesc-docs`, `apidesc-docs diff`), one rule per rule id met:
 * the envelope validate's findings and diff's changes share. `failed`: why the run did not do its
 * work (a diff that compared nothing), as a notification of its invocation.
 */
export function sarifLog(tool: string, toolVersion: string, results: SarifResult[], failed?: string): string {
  const rules = [...new Set(results.map((r) => r.rule))].sort();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool,
            version: toolVersion,
            informationUri: 'https://www.npmjs.com/package/apidesc-docs',
            rules: rules.map((id) => ({ id, shortDescription: { text: id } })),
          },
        },
        // A run that could not do its work says so (SARIF 3.20.14), beside the results that say why.
        ...(failed !== undefined
          ? { invocations: [{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: escapeControls(failed) } }] }] }
          : {}),
        results: results.map((r) => ({
          ruleId: r.rule,
          ruleIndex: rules.indexOf(r.rule),
          level: r.level,
          message: { text: escapeControls(r.text) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(r.file) },
                ...(r.line !== undefined && r.line > 0 ? { region: { startLine: r.line, ...(r.column !== undefined ? { startColumn: r.column } : {}) } } : {}),
              },
              logicalLocations: [{ fullyQualifiedName: escapeControls(r.pointer || '/'), kind: 'member' }],
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

/** A diagnostic as an annotation: its code as the rule, its message and hint as the text. */
export function diagnosticResult(d: Diagnostic): SarifResult {
  return {
    rule: d.code,
    level: d.severity === 'info' ? 'note' : d.severity,
    text: d.hint ? `${d.message}. ${d.hint}` : d.message,
    file: d.file,
    line: d.line,
    column: d.column,
    pointer: d.pointer,
  };
}

export function formatSarif(diagnostics: Diagnostic[], toolVersion: string): string {
  return sarifLog('apidesc-docs', toolVersion, diagnostics.map(diagnosticResult));
}
