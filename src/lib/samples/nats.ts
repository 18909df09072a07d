/** NATS samples: nats.js and nats-py, with the binding's queue group on the subscriber and headers when the message has them. */
import { clientCertificate, pySslContext } from './client-certificate.ts';
import { jsEnv, lines, pyDict, pyEnv, str } from './code-text.ts';
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
  if (c?.kind === 'client-certificate') return [`tls: { caFile: ${jsEnv(c.ca)}, certFile: ${jsEnv(c.cert)}, keyFile: ${jsEnv(c.key)} }`];
  return [];
}

function pyAuth(t: SampleTarget): string {
  const c = t.credentials;
  if (c?.kind === 'user-password') return `, user=${pyEnv(c.user)}, password=${pyEnv(c.password)}`;
  if (c?.kind === 'bearer') return `, token=${pyEnv(c.variable)}`;
  if (c?.kind === 'client-certificate') return ', tls=tls';
  return '';
}

export function javascript(t: SampleTarget): string {
  const options = [`servers: ${str(url(t))}`, ...jsAuth(t)];
  const connect = clientCertificate(t)
    ? `const nc = await connect({\n${options.map((o) => `  ${o},`).join('\n')}\n});`
    : `const nc = await connect({ ${options.join(', ')} });`;
  if (t.role === 'subscribe')
    return lines([
      "import { connect } from 'nats';",
      '',
      connect,
      `const subscription = nc.subscribe(${str(t.address)}${t.nats.queue ? `, { queue: ${str(t.nats.queue)} }` : ''});`,
      'for await (const message of subscription) console.log(message.string());',
    ]);
  const payload = jsPayload(t);
  return lines([
    `import { connect${t.headers.length > 0 ? ', headers' : ''} } from 'nats';`,
    '',
    ...payload.setup,
    connect,
    ...(t.headers.length > 0 ? ['const h = headers();', ...t.headers.map(([n, v]) => `h.append(${str(n)}, ${str(v)});`)] : []),
    `nc.publish(${str(t.address)}, ${payload.value}${t.headers.length > 0 ? ', { headers: h }' : ''});`,
    'await nc.drain();',
  ]);
}

export function python(t: SampleTarget): string {
  const cert = clientCertificate(t);
  const imports = [t.credentials && 'import os', cert && 'import ssl', 'import asyncio', '', 'import nats', '', ''];
  const connect = [...(cert ? pySslContext(cert, 'tls', '    ') : []), `    nc = await nats.connect(${str(url(t))}${pyAuth(t)})`];
  if (t.role === 'subscribe')
    return lines([
      ...imports,
      'async def main():',
      ...connect,
      `    subscription = await nc.subscribe(${str(t.address)}${t.nats.queue ? `, queue=${str(t.nats.queue)}` : ''})`,
      '    async for message in subscription.messages:',
      '        print(message.data.decode(), flush=True)',
      '',
      '',
      'asyncio.run(main())',
    ]);
  const payload = pyPayload(t);
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
    `    await nc.publish(${str(t.address)}, ${payload.value}.encode()${t.headers.length > 0 ? `, headers=${pyDict(t.headers, '    ')}` : ''})`,
    '    await nc.drain()',
    '',
    '',
    'asyncio.run(main())',
  ]);
}
