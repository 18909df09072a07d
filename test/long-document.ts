/**
 * A valid document of any size for tests of long lists: `channels` channels spread over three
 * servers (kafka, amqp, sns), one operation and one components message per channel, and one
 * schema (`Meta`) that every message uses, so its "Used by" list is as long as the document.
 * The operations of the first two sns channels have filtered subscriptions (one filter uses
 * `cidr`), so that their pages carry the sns filter tester.
 */
export function longDocument(channels: number): string {
  const protocols = ['kafka', 'amqp', 'sns'];
  const id = (i: number): string => `stream${String(i).padStart(4, '0')}`;
  const lines = [
    'apidesc: 3.0.0',
    'info:',
    '  title: Long document',
    '  version: 1.0.0',
    'servers:',
    ...protocols.flatMap((p) => [`  ${p}Server:`, `    host: ${p}.example.com`, `    protocol: ${p}`]),
    'channels:',
  ];
  for (let i = 0; i < channels; i++) {
    lines.push(
      `  ${id(i)}:`,
      `    address: streams.${i}`,
      `    title: Stream ${i}`,
      `    summary: Events of stream ${i}.`,
      '    servers:',
      `      - $ref: '#/servers/${protocols[i % 3]}Server'`,
      '    messages:',
      `      event:`,
      `        $ref: '#/components/messages/${id(i)}Event'`,
    );
  }
  lines.push('operations:');
  for (let i = 0; i < channels; i++) {
    lines.push(
      `  publish${id(i)}:`,
      '    action: send',
      '    channel:',
      `      $ref: '#/channels/${id(i)}'`,
      '    messages:',
      `      - $ref: '#/channels/${id(i)}/messages/event'`,
    );
    if (i === 2 || i === 5)
      lines.push(
        '    bindings:',
        '      sns:',
        '        consumers:',
        `          - {protocol: sqs, endpoint: {arn: 'arn:aws:sqs:eu-west-1:123456789012:values${i}'}, rawMessageDelivery: true, filterPolicyScope: MessageBody, filterPolicy: {value: [{numeric: ['>', 0]}]}}`,
        ...(i === 5
          ? [
              "          - {protocol: lambda, endpoint: {arn: 'arn:aws:lambda:eu-west-1:123456789012:function:internal'}, rawMessageDelivery: false, filterPolicy: {ip: [{cidr: 10.0.0.0/24}]}}",
            ]
          : []),
      );
  }
  lines.push(
    'components:',
    '  schemas:',
    '    Meta:',
    '      type: object',
    '      properties:',
    '        at:',
    '          type: string',
    '          format: date-time',
    '  messages:',
  );
  for (let i = 0; i < channels; i++) {
    lines.push(
      `    ${id(i)}Event:`,
      `      name: Stream${i}Event`,
      '      payload:',
      '        type: object',
      '        properties:',
      '          meta:',
      "            $ref: '#/components/schemas/Meta'",
      '          value:',
      '            type: integer',
    );
  }
  return lines.join('\n') + '\n';
}
