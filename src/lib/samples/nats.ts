/** NATS samples: nats.js and nats-py, with the binding's queue group on the subscriber and headers when the message has them. */
import { clientCertificate, pySslContext } from './client-certificate.ts';
import { jsEnv, lines, pyEnvAt, str, stringEntries } from './code-text.ts';
import { indentAll, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

function url(t: SampleTarget): string {
  return `${t.secure ? 'tls' : 'nats'}://${t.host}${t.port !== undefined ? `:${t.port}` : ''}`;
}

function jsAuth(t: SampleTarget): string[] {
  const c = t.credentials;
  if (c?.kind === 'user-password') return [`user: ${jsEnv(c.user)}`, `pass: ${jsEnv(c.password)}`];
  if (c?.kind === 'bearer') return [`token: ${jsEnv(c.variable)}`];
  // nats.js reads the files itself.
  if (c?.kind === 'client-certificate')
    return [list(2, 'tls: {', [`caFile: ${jsEnv(c.ca)}`, `certFile: ${jsEnv(c.cert)}`, `keyFile: ${jsEnv(c.key)}`], '}', JS_OBJECT, 1)];
  return [];
}

/** nats.connect's arguments after the URL, each on a line of its own at column 8 when the call is broken. */
function pyAuth(t: SampleTarget): string[] {
  const c = t.credentials;
  if (c?.kind === 'user-password') return [pyEnvAt(8, 'user=', c.user), pyEnvAt(8, 'password=', c.password)];
  if (c?.kind === 'bearer') return [pyEnvAt(8, 'token=', c.variable)];
  if (c?.kind === 'client-certificate') return ['tls=tls'];
  return [];
}

export function javascript(t: SampleTarget): string {
  const options = [`servers: ${str(url(t))}`, ...jsAuth(t)];
  const connect = list(0, 'const nc = await connect({', options, '});', JS_OBJECT);
  if (t.role === 'subscribe')
    return lines([
      "import { connect } from 'nats';",
      '',
      connect,
      list(
        0,
        'const subscription = nc.subscribe(',
        [str(t.address), ...(t.nats.queue ? [list(2, '{', [`queue: ${str(t.nats.queue)}`], '}', JS_OBJECT, 1)] : [])],
        ');',
        JS_ARGS,
      ),
      'for await (const message of subscription) {',
      '  console.log(message.string());',
      '}',
    ]);
  const payload = jsPayload(t, `  ,`.length);
  return lines([
    `import { connect${t.headers.length > 0 ? ', headers' : ''} } from 'nats';`,
    '',
    ...payload.setup,
    connect,
    ...(t.headers.length > 0 ? ['const h = headers();', ...t.headers.map(([n, v]) => list(0, 'h.append(', [str(n), str(v)], ');', JS_ARGS))] : []),
    list(0, 'nc.publish(', [str(t.address), payload.value, ...(t.headers.length > 0 ? ['{ headers: h }'] : [])], ');', JS_ARGS),
    'await nc.drain();',
  ]);
}

export function python(t: SampleTarget): string {
  const cert = clientCertificate(t);
  const imports = [t.credentials && 'import os', cert && 'import ssl', 'import asyncio', '', 'import nats', '', ''];
  const connect = [
    ...(cert ? pySslContext(cert, 'tls', '    ') : []),
    indentAll(list(4, 'nc = await nats.connect(', [str(url(t)), ...pyAuth(t)], ')', PY_ARGS), '    '),
  ];
  if (t.role === 'subscribe')
    return lines([
      ...imports,
      'async def main():',
      ...connect,
      indentAll(list(4, 'subscription = await nc.subscribe(', [str(t.address), ...(t.nats.queue ? [`queue=${str(t.nats.queue)}`] : [])], ')', PY_ARGS), '    '),
      '    async for message in subscription.messages:',
      '        print(message.data.decode(), flush=True)',
      '',
      '',
      'asyncio.run(main())',
    ]);
  const payload = pyPayload(t, `        .encode(),`.length);
  return lines([
    'import asyncio',
    ...payload.imports,
    t.credentials && 'import os',
    cert && 'import ssl',
    '',
    'import nats',
    '',
    ...(payload.setup.length > 0 ? [...payload.setup, ''] : ['']),
    'async def main():',
    ...connect,
    indentAll(
      list(
        4,
        'await nc.publish(',
        [str(t.address), `${payload.value}.encode()`, ...(t.headers.length > 0 ? [list(8, 'headers={', stringEntries(t.headers), '}', PY_ARGS, 1)] : [])],
        ')',
        PY_ARGS,
      ),
      '    ',
    ),
    '    await nc.drain()',
    '',
    '',
    'asyncio.run(main())',
  ]);
}
