/** AMQP 1.0 in Go: Azure/go-amqp; the body is one data section holding the payload's bytes, the headers application properties. */
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const url = `${t.secure ? 'amqps' : 'amqp'}://${t.host}:${t.port ?? (t.secure ? 5671 : 5672)}`;
  const head = [
    'ctx := context.Background()',
    `connection, err := amqp.Dial(ctx, ${goString(url)}, ${c ? `&amqp.ConnOptions{SASLType: amqp.SASLTypePlain(${goEnv(c.user)}, ${goEnv(c.password)})}` : 'nil'})`,
    ...GO_CHECK,
    'defer connection.Close()',
    'session, err := connection.NewSession(ctx, nil)',
    ...GO_CHECK,
  ];
  const imports = ['context', 'log', c && 'os', 'github.com/Azure/go-amqp'];
  if (t.role === 'publish')
    return goProgram(
      imports,
      [
        ...head,
        `sender, err := session.NewSender(ctx, ${goString(t.address)}, nil)`,
        ...GO_CHECK,
        `contentType := ${goString(t.contentType)}`,
        t.headers.length > 0 && `properties := map[string]any{${t.headers.map(([n, v]) => `${goString(n)}: ${goString(v)}`).join(', ')}}`,
        'err = sender.Send(ctx, &amqp.Message{',
        `\tData: [][]byte{[]byte(${payload.value})},`,
        '\tProperties: &amqp.MessageProperties{ContentType: &contentType},',
        t.headers.length > 0 && '\tApplicationProperties: properties,',
        '}, nil)',
        ...GO_CHECK,
      ],
      payload.setup,
    );
  return goProgram(
    [...imports, 'fmt'],
    [
      ...head,
      `receiver, err := session.NewReceiver(ctx, ${goString(t.address)}, nil)`,
      ...GO_CHECK,
      'for {',
      '\tmessage, err := receiver.Receive(ctx, nil)',
      '\tif err != nil {',
      '\t\tlog.Fatal(err)',
      '\t}',
      '\t_ = receiver.AcceptMessage(ctx, message)',
      '\tfmt.Println(string(message.GetData()))',
      '}',
    ],
  );
}
