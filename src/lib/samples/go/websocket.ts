/** WebSocket in Go: gorilla/websocket, with the binding's query and headers and the credentials' header from the environment. */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { url } from '../websocket.ts';

/** The handshake's headers: the binding's, then the API key's or token's, read from the environment. */
function headerLines(t: SampleTarget): string[] {
  const c = t.credentials;
  return [
    ...t.ws.headers.map(([n, v]) => `header.Set(${goString(n)}, ${goString(v)})`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [`header.Set(${goString(c.name)}, ${goEnv(c.variable)})`] : []),
    ...(c?.kind === 'bearer' ? [`header.Set("Authorization", "Bearer "+${goEnv(c.variable)})`] : []),
  ];
}

const READ = ['_, data, err := socket.ReadMessage()', ...GO_CHECK, 'fmt.Println(string(data))'];

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  const headers = headerLines(t);
  const cert = clientCertificate(t);
  const imports = [
    'log',
    headers.some((h) => h.includes('os.Getenv')) && 'os',
    ...(cert ? GO_TLS_IMPORTS : []),
    headers.length > 0 && 'net/http',
    'github.com/gorilla/websocket',
  ];
  const connect = [
    ...(headers.length > 0 ? ['header := http.Header{}', ...headers] : []),
    ...(cert ? [...goTlsConfig(cert), 'dialer := &websocket.Dialer{TLSClientConfig: tlsConfig}'] : []),
    `socket, _, err := ${cert ? 'dialer' : 'websocket.DefaultDialer'}.Dial(${goString(url(t))}, ${headers.length > 0 ? 'header' : 'nil'})`,
    ...GO_CHECK,
    'defer socket.Close()',
  ];
  if (t.role === 'subscribe') return goProgram([...imports, 'fmt'], [...connect, 'for {', ...READ.map((l) => `\t${l}`), '}']);
  return goProgram(
    [...imports, t.ws.awaitReply && 'fmt'],
    [
      ...connect,
      `err = socket.WriteMessage(websocket.TextMessage, []byte(${payload.value}))`,
      ...GO_CHECK,
      ...(t.ws.awaitReply ? ['// The reply comes back on the same connection.', ...READ] : []),
      'err = socket.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))',
      ...GO_CHECK,
    ],
    payload.setup,
  );
}
