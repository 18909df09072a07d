/** WebSocket samples: ws and websockets (asyncio), with the binding's query and headers, and an API key from the environment. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions, pySslContext } from './client-certificate.ts';
import { jsEnv, lines, pyEnv, queryString, str, urlPath } from './code-text.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

export function url(t: SampleTarget): string {
  const path = urlPath(t.pathname, t.address);
  return `${t.secure ? 'wss' : 'ws'}://${t.host}${t.port !== undefined ? `:${t.port}` : ''}${path}${queryString(t.ws.query)}`;
}

/** The header the credentials go in, its value read from the environment. */
function authHeader(t: SampleTarget, env: (name: string) => string): [string, string] | undefined {
  const c = t.credentials;
  if (c?.kind === 'api-key' && c.in === 'header') return [c.name, env(c.variable)];
  if (c?.kind === 'bearer') return ['Authorization', `\`Bearer \${${env(c.variable)}}\``];
  return undefined;
}

export function javascript(t: SampleTarget): string {
  const auth = authHeader(t, jsEnv);
  const headers = [...t.ws.headers.map(([n, v]) => `${str(n)}: ${str(v)}`), ...(auth ? [`${str(auth[0])}: ${auth[1]}`] : [])];
  const payload = jsPayload(t);
  const cert = clientCertificate(t);
  const options = [...(headers.length > 0 ? [`headers: { ${headers.join(', ')} }`] : []), ...(cert ? jsTlsOptions(cert) : [])];
  const open = cert
    ? `const socket = new WebSocket(${str(url(t))}, {\n${options.map((o) => `  ${o},`).join('\n')}\n});`
    : `const socket = new WebSocket(${str(url(t))}${options.length > 0 ? `, { ${options.join(', ')} }` : ''});`;
  const head = cert ? `${JS_READ_FILE}\nimport WebSocket from 'ws';` : "import WebSocket from 'ws';";
  if (t.role === 'publish' && t.ws.awaitReply)
    return lines([
      head,
      '',
      ...payload.setup,
      open,
      `socket.on('open', () => socket.send(${payload.value}));`,
      '// The reply comes back on the same connection.',
      "socket.on('message', (data) => {",
      '  console.log(data.toString());',
      '  socket.close();',
      '});',
    ]);
  return t.role === 'publish'
    ? lines([head, '', ...payload.setup, open, `socket.on('open', () => socket.send(${payload.value}, () => socket.close()));`])
    : lines([head, '', open, "socket.on('message', (data) => console.log(data.toString()));"]);
}

export function python(t: SampleTarget): string {
  const c = t.credentials;
  const auth =
    c?.kind === 'api-key' && c.in === 'header'
      ? `${str(c.name)}: ${pyEnv(c.variable)}`
      : c?.kind === 'bearer'
        ? `'Authorization': 'Bearer ' + ${pyEnv(c.variable)}`
        : '';
  const entries = [...t.ws.headers.map(([n, v]) => `${str(n)}: ${str(v)}`), ...(auth ? [auth] : [])];
  const headers = entries.length > 0 ? `{${entries.join(', ')}}` : '';
  const payload = t.role === 'publish' ? pyPayload(t) : undefined;
  const cert = clientCertificate(t);
  const connectArguments = `${headers ? `, extra_headers=${headers}` : ''}${cert ? ', ssl=tls' : ''}`;
  return lines([
    'import asyncio',
    ...(payload?.imports ?? []),
    ...(auth || cert ? ['import os'] : []),
    ...(cert ? ['import ssl'] : []),
    '',
    'import websockets',
    '',
    ...(payload && payload.setup.length > 0 ? [...payload.setup, ''] : ['']),
    'async def main():',
    ...(cert ? pySslContext(cert, 'tls', '    ') : []),
    `    async with websockets.connect(${str(url(t))}${connectArguments}) as socket:`,
    ...(t.role === 'publish'
      ? [
          `        await socket.send(${payload?.value})`,
          ...(t.ws.awaitReply
            ? [
                '        # The reply comes back on the same connection.',
                '        reply = await socket.recv()',
                '        print(reply if isinstance(reply, str) else reply.decode(), flush=True)',
              ]
            : []),
        ]
      : ['        async for message in socket:', '            print(message if isinstance(message, str) else message.decode(), flush=True)']),
    '',
    '',
    'asyncio.run(main())',
  ]);
}
