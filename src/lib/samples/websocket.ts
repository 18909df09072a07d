/** WebSocket samples: ws and websockets (asyncio), with the binding's query and headers, and an API key from the environment. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions, pySslContext } from './client-certificate.ts';
import { jsEnv, lines, pyEnv, pyEnvAt, queryString, str, urlPath } from './code-text.ts';
import { comment, indentAll, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
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
  const payload = jsPayload(t, `    ,`.length);
  const cert = clientCertificate(t);
  const options = [...(headers.length > 0 ? [list(4, 'headers: {', headers, '}', JS_OBJECT, 1)] : []), ...(cert ? jsTlsOptions(cert) : [])];
  const open = list(
    0,
    'const socket = new WebSocket(',
    [str(url(t)), ...(options.length > 0 ? [list(2, '{', options, '}', JS_OBJECT, 1)] : [])],
    ');',
    JS_ARGS,
  );
  const head = cert ? `${JS_READ_FILE}\nimport WebSocket from 'ws';` : "import WebSocket from 'ws';";
  const send = (...after: string[]): string => indentAll(list(2, 'socket.send(', [payload.value, ...after], ');', JS_ARGS), '  ');
  if (t.role === 'publish' && t.ws.awaitReply)
    return lines([
      head,
      '',
      ...payload.setup,
      open,
      "socket.on('open', () => {",
      send(),
      '});',
      ...comment('//', 'The reply comes back on the same connection.'),
      "socket.on('message', (data) => {",
      '  console.log(data.toString());',
      '  socket.close();',
      '});',
    ]);
  return t.role === 'publish'
    ? lines([head, '', ...payload.setup, open, "socket.on('open', () => {", send('() => socket.close()'), '});'])
    : lines([head, '', open, "socket.on('message', (data) => {", '  console.log(data.toString());', '});']);
}

export function python(t: SampleTarget): string {
  const c = t.credentials;
  // The token is read first: 'Bearer ' and the lookup on one line would run past the panel inside the headers.
  const token = c?.kind === 'bearer' ? [`    token = ${pyEnv(c.variable)}`] : [];
  const auth =
    c?.kind === 'api-key' && c.in === 'header' ? pyEnvAt(8, `${str(c.name)}: `, c.variable) : c?.kind === 'bearer' ? "'Authorization': f'Bearer {token}'" : '';
  const entries = [...t.ws.headers.map(([n, v]) => `${str(n)}: ${str(v)}`), ...(auth ? [auth] : [])];
  const payload = t.role === 'publish' ? pyPayload(t, `            ,`.length) : undefined;
  const cert = clientCertificate(t);
  const connectArguments = [str(url(t)), ...(entries.length > 0 ? ['extra_headers=headers'] : []), ...(cert ? ['ssl=tls'] : [])];
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
    ...token,
    entries.length > 0 && indentAll(list(4, 'headers = {', entries, '}', PY_ARGS), '    '),
    indentAll(list(4, 'async with websockets.connect(', connectArguments, ') as socket:', PY_ARGS), '    '),
    ...(t.role === 'publish'
      ? [
          indentAll(list(8, 'await socket.send(', [payload?.value ?? ''], ')', PY_ARGS), '        '),
          ...(t.ws.awaitReply
            ? [
                ...comment('#', 'The reply comes back on the same connection.', 8).map((l) => `        ${l}`),
                '        reply = await socket.recv()',
                '        if isinstance(reply, bytes):',
                '            reply = reply.decode()',
                '        print(reply, flush=True)',
              ]
            : []),
        ]
      : [
          '        async for message in socket:',
          '            if isinstance(message, bytes):',
          '                message = message.decode()',
          '            print(message, flush=True)',
        ]),
    '',
    '',
    'asyncio.run(main())',
  ]);
}
