/** HTTP samples: fetch and requests, with the binding's method, the message's headers and an API key or token from the environment. */
import { clientCertificate, JS_READ_FILE, jsTlsOptions } from './client-certificate.ts';
import { jsEnv, lines, pyEnv, queryString, str, templateText, urlPath } from './code-text.ts';
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
  return lines([
    "import { createServer } from 'node:http';",
    '',
    '// The API calls this server: it prints the body of each request to the address.',
    'createServer((request, response) => {',
    '  const chunks = [];',
    "  request.on('data', (chunk) => chunks.push(chunk));",
    "  request.on('end', () => {",
    `    if (request.method === ${str(t.http.method)} && request.url === ${str(webhookPath(t))}) console.log(Buffer.concat(chunks).toString());`,
    '    response.writeHead(204).end();',
    '  });',
    '}).listen(Number(process.env.PORT ?? 8080));',
  ]);
}

function pythonWebhook(t: SampleTarget): string {
  return lines([
    'import os',
    'from http.server import BaseHTTPRequestHandler, HTTPServer',
    '',
    '',
    '# The API calls this server: it prints the body of each request to the address.',
    'class Handler(BaseHTTPRequestHandler):',
    `    def do_${t.http.method}(self):`,
    "        body = self.rfile.read(int(self.headers.get('Content-Length', 0)))",
    `        if self.path == ${str(webhookPath(t))}:`,
    '            print(body.decode(), flush=True)',
    '        self.send_response(204)',
    '        self.end_headers()',
    '',
    '',
    "HTTPServer(('', int(os.environ.get('PORT', '8080'))), Handler).serve_forever()",
  ]);
}

export function javascript(t: SampleTarget): string {
  if (webhook(t)) return javascriptWebhook(t);
  const c = t.credentials;
  // Buffer, not btoa: btoa throws on a password with a character past Latin-1; HTTP basic takes UTF-8.
  const headers = [
    ...(sends(t) ? [`${str('Content-Type')}: ${str(t.contentType)}`] : []),
    ...t.headers.map(([n, v]) => `${str(n)}: ${str(v)}`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [`${str(c.name)}: ${jsEnv(c.variable)}`] : []),
    ...(c?.kind === 'bearer' ? [`Authorization: \`Bearer \${${jsEnv(c.variable)}}\``] : []),
    ...(c?.kind === 'user-password' ? [`Authorization: \`Basic \${Buffer.from(\`\${${jsEnv(c.user)}}:\${${jsEnv(c.password)}}\`).toString('base64')}\``] : []),
  ];
  const target =
    c?.kind === 'api-key' && c.in === 'query'
      ? `\`${templateText(url(t))}${t.http.query.length > 0 ? '&' : '?'}${templateText(encodeURIComponent(c.name))}=\${encodeURIComponent(${jsEnv(c.variable)})}\``
      : str(url(t));
  const payload = jsPayload(t);
  const cert = clientCertificate(t);
  return lines([
    // Node's fetch takes no TLS options: undici's own fetch and Agent (the library behind it) present the certificate.
    ...(cert ? [JS_READ_FILE, "import { Agent, fetch } from 'undici';", ''] : []),
    ...(sends(t) ? payload.setup : []),
    `const response = await fetch(${target}, {`,
    `  method: ${str(requestMethod(t))},`,
    cert && `  dispatcher: new Agent({ connect: { ${jsTlsOptions(cert).join(', ')} } }),`,
    headers.length > 0 && `  headers: {\n${headers.map((h) => `    ${h},`).join('\n')}\n  },`,
    sends(t) && `  body: ${payload.value},`,
    '});',
    'console.log(response.status, await response.text());',
  ]);
}

export function python(t: SampleTarget): string {
  if (webhook(t)) return pythonWebhook(t);
  const c = t.credentials;
  const headers = [
    ...(sends(t) ? [`${str('Content-Type')}: ${str(t.contentType)}`] : []),
    ...t.headers.map(([n, v]) => `${str(n)}: ${str(v)}`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [`${str(c.name)}: ${pyEnv(c.variable)}`] : []),
    ...(c?.kind === 'bearer' ? [`'Authorization': 'Bearer ' + ${pyEnv(c.variable)}`] : []),
  ];
  const payload = sends(t) ? pyPayload(t) : undefined;
  return lines([
    ...(payload?.imports ?? []),
    c && 'import os',
    '',
    'import requests',
    '',
    ...(payload?.setup ?? []),
    'response = requests.request(',
    `    ${str(requestMethod(t))},`,
    `    ${str(url(t))},`,
    headers.length > 0 && `    headers={\n${headers.map((h) => `        ${h},`).join('\n')}\n    },`,
    c?.kind === 'api-key' && c.in === 'query' && `    params={${str(c.name)}: ${pyEnv(c.variable)}},`,
    // Bytes: requests encodes a str user or password as Latin-1 (an error past it); HTTP basic takes UTF-8.
    c?.kind === 'user-password' && `    auth=(${pyEnv(c.user)}.encode(), ${pyEnv(c.password)}.encode()),`,
    c?.kind === 'client-certificate' && `    cert=(${pyEnv(c.cert)}, ${pyEnv(c.key)}),`,
    c?.kind === 'client-certificate' && `    verify=${pyEnv(c.ca)},`,
    payload && `    data=${payload.value}.encode(),`,
    '    timeout=30,',
    ')',
    'print(response.status_code, response.text)',
  ]).replace(/^\n/, '');
}

/** The request's method: the binding's when the request carries the payload, else GET (or HEAD). */
export const requestMethod = (t: SampleTarget): string => (sends(t) ? t.http.method : t.http.method === 'HEAD' ? 'HEAD' : 'GET');
