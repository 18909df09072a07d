/** SARIF 2.1.0 for code-scanning annotations in CI (one run, one rule per diagnostic code). */
import type { Diagnostic } from './diagnostic.ts';

export function formatSarif(diagnostics: Diagnostic[], toolVersion: string): string {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'apidesc-docs',
            version: toolVersion,
            informationUri: 'https://www.npmjs.com/package/apidesc-docs',
            rules: codes.map((id) => ({ id, shortDescription: { text: id } })),
          },
        },
        results: diagnostics.map((d) => ({
          ruleId: d.code,
          ruleIndex: codes.indexOf(d.code),
          level: d.severity === 'info' ? 'note' : d.severity,
          message: { text: d.hint ? `${d.message}. ${d.hint}` : d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.file.replaceAll('\\', '/') },
                ...(d.line > 0 ? { region: { startLine: d.line, startColumn: d.column } } : {}),
              },
              logicalLocations: [{ fullyQualifiedName: d.pointer || '/', kind: 'member' }],
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
