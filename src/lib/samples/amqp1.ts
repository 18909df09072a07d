/** AMQP 1.0 samples: rhea and python-qpid-proton; the body is one data section holding the payload's bytes, the headers application properties. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, jsObject, lines, pyDict, pyEnv, str } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

export function javascript(t: SampleTarget): string {
  const c = t.credentials?.kind === 'user-password' ? t.credentials : undefined;
  const cert = clientCertificate(t);
  const options = [
    `host: ${str(t.host)}`,
    `port: ${t.port ?? (t.secure ? 5671 : 5672)}`,
    ...(t.secure ? ["transport: 'tls'"] : []),
    ...(c ? [`username: ${jsEnv(c.user)}`, `password: ${jsEnv(c.password)}`] : []),
    // The certificate is the login: SASL EXTERNAL.
    ...(cert ? [...jsTlsOptions(cert), 'enable_sasl_external: true'] : []),
  ];
  const payload = jsPayload(t);
  const connect = cert
    ? `const connection = rhea.connect({\n${options.map((o) => `  ${o},`).join('\n')}\n});`
    : `const connection = rhea.connect({ ${options.join(', ')} });`;
  const head = [cert && JS_READ_FILE, "import rhea from 'rhea';", '', ...(t.role === 'publish' ? payload.setup : []), connect];
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
  const cert = clientCertificate(t);
  const url = `${t.secure ? 'amqps' : 'amqp'}://${t.host}:${t.port ?? (t.secure ? 5671 : 5672)}`;
  const connect = [
    // The certificate is the login (SASL EXTERNAL); the CA checks the server and its name.
    ...(cert
      ? [
          '        tls = SSLDomain(SSLDomain.MODE_CLIENT)',
          `        tls.set_trusted_ca_db(${pyEnv(cert.ca)})`,
          `        tls.set_credentials(${pyEnv(cert.cert)}, ${pyEnv(cert.key)}, None)`,
          '        tls.set_peer_authentication(SSLDomain.VERIFY_PEER_NAME)',
        ]
      : []),
    `        connection = event.container.connect(${str(url)}${c ? `, user=${pyEnv(c.user)}, password=${pyEnv(c.password)}` : ''}${cert ? ", ssl_domain=tls, allowed_mechs='EXTERNAL'" : ''})`,
  ];
  const payload = t.role === 'publish' ? pyPayload(t) : undefined;
  const head = [
    ...(payload?.imports ?? []),
    (c || cert) && 'import os',
    '',
    cert ? 'from proton import Message, SSLDomain' : 'from proton import Message',
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
      ...connect,
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
    ...connect,
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
