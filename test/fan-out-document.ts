/**
 * A valid document whose schemas fan out (hostile input, a few kilobytes): `L0 … L<depth>`, each
 * with `width` properties that all reference the next level, so a schema expanded along every
 * path would have width^depth fields. One channel message has L0 as its payload and one gives an
 * example; `required` lists every property on odd levels, so even the smallest valid value is
 * large.
 */
export function fanOutDocument(depth: number, width = 10): string {
  const lines = [
    'apidesc: 3.0.0',
    'info:',
    `  title: A fan-out of ${depth} levels`,
    '  version: 1.0.0',
    'channels:',
    '  fan:',
    '    address: fan',
    '    messages:',
    '      generated:',
    '        payload:',
    "          $ref: '#/components/schemas/L0'",
    '      given:',
    '        payload:',
    "          $ref: '#/components/schemas/L0'",
    '        examples:',
    '          - payload: {p0: {p0: {}}}',
    'operations:',
    '  sendFan:',
    '    action: send',
    '    channel:',
    "      $ref: '#/channels/fan'",
    'components:',
    '  schemas:',
  ];
  const names = Array.from({ length: width }, (_, p) => `p${p}`);
  for (let level = 0; level <= depth; level++) {
    lines.push(`    L${level}:`, '      type: object');
    if (level < depth && level % 2 === 1) lines.push(`      required: [${names.join(', ')}]`);
    lines.push('      properties:');
    for (const name of names) lines.push(`        ${name}:`, level < depth ? `          $ref: '#/components/schemas/L${level + 1}'` : '          type: string');
  }
  return `${lines.join('\n')}\n`;
}
