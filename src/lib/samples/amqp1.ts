/** AMQP 1.0 samples: rhea and python-qpid-proton; the body is one data section holding the payload's bytes, the headers application properties. */
import { jsEnv, jsObject, lines, pyDict, pyEnv, str } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

export function javascript(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const options = [
    `host: ${str(t.host)}`,
    `port: ${t.port ?? (t.secure ? 5671 : 5672)}`,
    ...(t.secure ? ["transport: 'tls'"] : []),
    ...(c ? [`username: ${jsEnv(c.user)}`, `password: ${jsEnv(c.password)}`] : []),
  ];
  const payload = jsPayload(t);
  const head = ["import rhea from 'rhea';", '', ...(t.role === 'publish' ? payload.setup : []), `const connection = rhea.connect({ ${options.join(', ')} });`];
  if (t.role === 'publish')
    return lines([
      ...head,
      `const sender = connection.open_sender(${str(t.address)});`,
      "sender.once('sendable', () =>",
      '  sender.send({',
      `    body: rhea.message.data_section(Buffer.from(${payload.value})),`,
      `    content_type: ${str(t.contentType)},`,
      t.headers.length > 0 && `    application_properties: ${jsObject(t.headers, '    ')},`,
      '  }),',
      ');',
      "sender.once('accepted', () => connection.close());",
    ]);
  return lines([
    ...head,
    `const receiver = connection.open_receiver(${str(t.address)});`,
    "receiver.on('message', ({ message }) => console.log(Buffer.from(message.body.content ?? message.body).toString()));",
  ]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const url = `${t.secure ? 'amqps' : 'amqp'}://${t.host}:${t.port ?? (t.secure ? 5671 : 5672)}`;
  const connect = `        connection = event.container.connect(${str(url)}${c ? `, user=${pyEnv(c.user)}, password=${pyEnv(c.password)}` : ''})`;
  const payload = t.role === 'publish' ? pyPayload(t) : undefined;
  const head = [
    ...(payload?.imports ?? []),
    c && 'import os',
    '',
    'from proton import Message',
    'from proton.handlers import MessagingHandler',
    'from proton.reactor import Container',
    '',
    ...(payload && payload.setup.length > 0 ? [...payload.setup, ''] : ['']),
  ];
  if (t.role === 'publish')
    return lines([
      ...head,
      'class Send(MessagingHandler):',
      '    sent = False',
      '',
      '    def on_start(self, event):',
      connect,
      `        event.container.create_sender(connection, ${str(t.address)})`,
      '',
      '    def on_sendable(self, event):',
      '        if not self.sent:',
      '            self.sent = True',
      `            message = Message(body=${payload?.value}.encode(), content_type=${str(t.contentType)}${t.headers.length > 0 ? `, properties=${pyDict(t.headers, '            ')}` : ''})`,
      '            message.inferred = True',
      '            event.sender.send(message)',
      '',
      '    def on_accepted(self, event):',
      '        event.connection.close()',
      '',
      '',
      'Container(Send()).run()',
    ]).replace(/^\n/, '');
  return lines([
    ...head,
    'class Receive(MessagingHandler):',
    '    def on_start(self, event):',
    connect,
    `        event.container.create_receiver(connection, ${str(t.address)})`,
    '',
    '    def on_message(self, event):',
    '        body = event.message.body',
    '        print(body.decode() if isinstance(body, bytes) else body, flush=True)',
    '',
    '',
    'Container(Receive()).run()',
  ]).replace(/^\n/, '');
}
