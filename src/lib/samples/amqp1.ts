/** AMQP 1.0 samples: rhea and python-qpid-proton; the body is one data section holding the payload's bytes, the headers application properties. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, lines, pyEnvAt, str, stringEntries } from './code-text.ts';
import { indentAll, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
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
  const payload = jsPayload(t, `      Buffer.from(),`.length);
  const connect = list(0, 'const connection = rhea.connect({', options, '});', JS_OBJECT);
  const head = [cert && JS_READ_FILE, "import rhea from 'rhea';", '', ...(t.role === 'publish' ? payload.setup : []), connect];
  if (t.role === 'publish')
    return lines([
      ...head,
      list(0, 'const sender = connection.open_sender(', [str(t.address)], ');', JS_ARGS),
      "sender.once('sendable', () =>",
      '  sender.send({',
      `    ${list(4, 'body: rhea.message.data_section(', [list(6, 'Buffer.from(', [payload.value], ')', JS_ARGS, 1)], ')', JS_ARGS, 1).replaceAll('\n', '\n    ')},`,
      `    content_type: ${str(t.contentType)},`,
      t.headers.length > 0 && `    ${list(4, 'application_properties: {', stringEntries(t.headers), '}', JS_OBJECT, 1).replaceAll('\n', '\n    ')},`,
      '  }),',
      ');',
      "sender.once('accepted', () => connection.close());",
    ]);
  return lines([
    ...head,
    list(0, 'const receiver = connection.open_receiver(', [str(t.address)], ');', JS_ARGS),
    "receiver.on('message', ({ message }) => {",
    '  const { body } = message;',
    '  const data = body.content ?? body;',
    '  console.log(Buffer.from(data).toString());',
    '});',
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
          list(8, 'tls = SSLDomain(', ['SSLDomain.MODE_CLIENT'], ')', PY_ARGS),
          list(8, 'tls.set_trusted_ca_db(', [pyEnvAt(12, '', cert.ca)], ')', PY_ARGS),
          list(8, 'tls.set_credentials(', [pyEnvAt(12, '', cert.cert), pyEnvAt(12, '', cert.key), 'None'], ')', PY_ARGS),
          list(8, 'tls.set_peer_authentication(', ['SSLDomain.VERIFY_PEER_NAME'], ')', PY_ARGS),
        ]
      : []),
    list(
      8,
      'conn = event.container.connect(',
      [
        str(url),
        ...(c ? [pyEnvAt(12, 'user=', c.user), pyEnvAt(12, 'password=', c.password)] : []),
        ...(cert ? ['ssl_domain=tls', "allowed_mechs='EXTERNAL'"] : []),
      ],
      ')',
      PY_ARGS,
    ),
  ].map((l) => indentAll(l, '        '));
  const payload = t.role === 'publish' ? pyPayload(t, `                body=.encode(),`.length) : undefined;
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
      indentAll(list(8, 'event.container.create_sender(', ['conn', str(t.address)], ')', PY_ARGS), '        '),
      '',
      '    def on_sendable(self, event):',
      '        if not self.sent:',
      '            self.sent = True',
      indentAll(
        list(
          12,
          'message = Message(',
          [
            `body=${payload?.value}.encode()`,
            `content_type=${str(t.contentType)}`,
            ...(t.headers.length > 0 ? [list(16, 'properties={', stringEntries(t.headers), '}', PY_ARGS, 1)] : []),
          ],
          ')',
          PY_ARGS,
        ),
        '            ',
      ),
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
    indentAll(list(8, 'event.container.create_receiver(', ['conn', str(t.address)], ')', PY_ARGS), '        '),
    '',
    '    def on_message(self, event):',
    '        body = event.message.body',
    '        if isinstance(body, bytes):',
    '            body = body.decode()',
    '        print(body, flush=True)',
    '',
    '',
    'Container(Receive()).run()',
  ]).replace(/^\n/, '');
}
