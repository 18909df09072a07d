/** HTTP samples: fetch and requests, with the binding's method, the message's headers and an API key or token from the environment. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, lines, pyEnv, pyEnvAt, queryString, str, templateText, urlPath } from './code-text.ts';
import { comment, fits, indentAll, JS_ARGS, JS_OBJECT, list, PY_ARGS } from './line-layout.ts';
import { jsPayload, pyPayload } from './payload-literal.ts';
import type { SampleTarget } from './sample-target.ts';

export function url(t: SampleTarget): string {
  const path = urlPath(t.pathname, t.address);
  const query = [...t.http.query];
  return `${t.secure ? 'https' : 'http'}://${t.host}${t.port !== undefined ? `:${t.port}` : ''}${path}${queryString(query)}`;
}

/** Whether the request carries the payload: a GET or a subscriber's request carries none. */
export const sends = (t: SampleTarget): boolean => t.role === 'publish' && t.http.method !== 'GET' && t.http.method !== 'HEAD';

/** The application calls the reader (a webhook): the reader's code is a server that takes its requests on the address. */
export const webhook = (t: SampleTarget): boolean => t.role === 'subscribe' && t.http.method !== 'GET' && t.http.method !== 'HEAD';
export const webhookPath = (t: SampleTarget): string => (t.address.startsWith('/') ? t.address : `/${t.address}`);

function javascriptWebhook(t: SampleTarget): string {
  const test = `request.method === ${str(t.http.method)} && request.url === ${str(webhookPath(t))}`;
  const condition = fits(`    if (${test}) {`)
    ? `    if (${test}) {`
    : ['    if (', `      request.method === ${str(t.http.method)} &&`, `      request.url === ${str(webhookPath(t))}`, '    ) {'].join('\n');
  return lines([
    "import { createServer } from 'node:http';",
    '',
    ...comment('//', 'The API calls this server: it prints the body of each request to the address.'),
    'createServer((request, response) => {',
    '  const chunks = [];',
    "  request.on('data', (chunk) => {",
    '    chunks.push(chunk);',
    '  });',
    "  request.on('end', () => {",
    '    const body = Buffer.concat(chunks);',
    condition,
    '      console.log(body.toString());',
    '    }',
    '    response.writeHead(204).end();',
    '  });',
    '}).listen(Number(process.env.PORT ?? 8080));',
  ]);
}

function pythonWebhook(t: SampleTarget): string {
  return lines([
    'import os',
    list(0, 'from http.server import (', ['BaseHTTPRequestHandler', 'HTTPServer'], ')', PY_ARGS),
    '',
    '',
    ...comment('#', 'The API calls this server: it prints the body of each request to the address.'),
    'class Handler(BaseHTTPRequestHandler):',
    `    def do_${t.http.method}(self):`,
    indentAll(list(8, 'length = int(self.headers.get(', ["'Content-Length'", '0'], '))', PY_ARGS), '        '),
    '        body = self.rfile.read(length)',
    `        if self.path == ${str(webhookPath(t))}:`,
    '            print(body.decode(), flush=True)',
    '        self.send_response(204)',
    '        self.end_headers()',
    '',
    '',
    "port = int(os.environ.get('PORT', '8080'))",
    "server = HTTPServer(('', port), Handler)",
    'server.serve_forever()',
  ]);
}

export function javascript(t: SampleTarget): string {
  if (webhook(t)) return javascriptWebhook(t);
  const c = t.credentials;
  // Buffer, not btoa: btoa throws on a password with a character past Latin-1; HTTP basic takes UTF-8.
  const basic =
    c?.kind === 'user-password'
      ? [list(0, 'const credentials = Buffer.from(', [`\`\${${jsEnv(c.user)}}:\${${jsEnv(c.password)}}\``], ").toString('base64');", JS_ARGS)]
      : [];
  const headers = [
    ...(sends(t) ? [`${str('Content-Type')}: ${str(t.contentType)}`] : []),
    ...t.headers.map(([n, v]) => `${str(n)}: ${str(v)}`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [`${str(c.name)}: ${jsEnv(c.variable)}`] : []),
    ...(c?.kind === 'bearer' ? [`Authorization: \`Bearer \${${jsEnv(c.variable)}}\``] : []),
    ...(c?.kind === 'user-password' ? [`Authorization: \`Basic \${credentials}\``] : []),
  ];
  const target =
    c?.kind === 'api-key' && c.in === 'query'
      ? `\`${templateText(url(t))}${t.http.query.length > 0 ? '&' : '?'}${templateText(encodeURIComponent(c.name))}=\${encodeURIComponent(${jsEnv(c.variable)})}\``
      : str(url(t));
  const payload = jsPayload(t, `    body: ,`.length);
  const cert = clientCertificate(t);
  const init = [
    `method: ${str(requestMethod(t))}`,
    cert && list(4, 'dispatcher: new Agent({', [list(6, 'connect: {', jsTlsOptions(cert), '}', JS_OBJECT, 1)], '})', JS_OBJECT, 1),
    headers.length > 0 && list(4, 'headers: {', headers, '}', JS_OBJECT, 1),
    sends(t) && `body: ${payload.value}`,
  ].filter((p): p is string => typeof p === 'string');
  return lines([
    // Node's fetch takes no TLS options: undici's own fetch and Agent (the library behind it) present the certificate.
    ...(cert ? [JS_READ_FILE, "import { Agent, fetch } from 'undici';", ''] : []),
    ...(sends(t) ? payload.setup : []),
    ...basic,
    list(0, 'const response = await fetch(', [target, list(2, '{', init, '}', JS_OBJECT, 1)], ');', JS_ARGS),
    list(0, 'console.log(', ['response.status', 'await response.text()'], ');', JS_ARGS),
  ]);
}

export function python(t: SampleTarget): string {
  if (webhook(t)) return pythonWebhook(t);
  const c = t.credentials;
  const headers = [
    ...(sends(t) ? [`${str('Content-Type')}: ${str(t.contentType)}`] : []),
    ...t.headers.map(([n, v]) => `${str(n)}: ${str(v)}`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [pyEnvAt(8, `${str(c.name)}: `, c.variable)] : []),
    ...(c?.kind === 'bearer' ? ["'Authorization': f'Bearer {token}'"] : []),
  ];
  const payload = sends(t) ? pyPayload(t, `    data=.encode(),`.length) : undefined;
  // Secrets read first, so that the call's lines stay within the panel.
  const secrets = [
    ...(c?.kind === 'bearer' ? [`token = ${pyEnv(c.variable)}`] : []),
    ...(c?.kind === 'user-password' ? [`user = ${pyEnv(c.user)}`, `password = ${pyEnv(c.password)}`] : []),
  ];
  const args = [
    str(requestMethod(t)),
    str(url(t)),
    headers.length > 0 && list(4, 'headers={', headers, '}', PY_ARGS, 1),
    c?.kind === 'api-key' && c.in === 'query' && list(4, 'params={', [pyEnvAt(8, `${str(c.name)}: `, c.variable)], '}', PY_ARGS, 1),
    // Bytes: requests encodes a str user or password as Latin-1 (an error past it); HTTP basic takes UTF-8.
    c?.kind === 'user-password' && 'auth=(user.encode(), password.encode())',
    c?.kind === 'client-certificate' && list(4, 'cert=(', [pyEnvAt(8, '', c.cert), pyEnvAt(8, '', c.key)], ')', PY_ARGS, 1),
    c?.kind === 'client-certificate' && pyEnvAt(4, 'verify=', c.ca),
    payload && `data=${payload.value}.encode()`,
    'timeout=30',
  ].filter((a): a is string => typeof a === 'string');
  return lines([
    ...(payload?.imports ?? []),
    c && 'import os',
    '',
    'import requests',
    '',
    ...(payload?.setup ?? []),
    ...secrets,
    list(0, 'response = requests.request(', args, ')', PY_ARGS),
    'print(response.status_code, response.text)',
  ]).replace(/^\n/, '');
}

/** The request's method: the binding's when the request carries the payload, else GET (or HEAD). */
export const requestMethod = (t: SampleTarget): string => (sends(t) ? t.http.method : t.http.method === 'HEAD' ? 'HEAD' : 'GET');
