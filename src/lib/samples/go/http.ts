/**
 * HTTP in Go: net/http, with the binding's method, the message's headers and the credentials from
 * the environment; a webhook (the application calls the reader) is a server on $PORT.
 */
import { clientCertificate, GO_TLS_IMPORTS, goTlsConfig } from '../client-certificate.ts';
import { GO_CHECK, goEnv, goProgram, goString } from '../code-text.ts';
import { goPayload } from '../payload-literal.ts';
import { requestMethod, sends, url, webhook, webhookPath } from '../http.ts';
import type { SampleTarget } from '../sample-target.ts';

function goWebhook(t: SampleTarget): string {
  return goProgram(
    ['fmt', 'io', 'log', 'net/http', 'os'],
    [
      '// The API calls this server: it prints the body of each request to the address.',
      `path := ${goString(webhookPath(t))}`,
      'http.HandleFunc("/", func(',
      '\tresponse http.ResponseWriter,',
      '\trequest *http.Request,',
      ') {',
      '\tbody, _ := io.ReadAll(request.Body)',
      '\turi := request.URL.RequestURI()',
      `\tif request.Method == ${goString(t.http.method)} &&`,
      '\t\turi == path {',
      '\t\tfmt.Println(string(body))',
      '\t}',
      '\tresponse.WriteHeader(http.StatusNoContent)',
      '})',
      'port := os.Getenv("PORT")',
      'if port == "" {',
      '\tport = "8080"',
      '}',
      'log.Fatal(http.ListenAndServe(":"+port, nil))',
    ],
  );
}

export function go(t: SampleTarget): string {
  const payload = goPayload(t);
  if (webhook(t)) return goWebhook(t);
  const c = t.credentials;
  const headers = [
    ...(sends(t) ? [['Content-Type', goString(t.contentType)]] : []),
    ...t.headers.map(([n, v]) => [n, goString(v)]),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [[c.name, goEnv(c.variable)]] : []),
    ...(c?.kind === 'bearer' ? [['Authorization', `"Bearer "+${goEnv(c.variable)}`]] : []),
  ];
  const cert = clientCertificate(t);
  return goProgram(
    ['fmt', 'io', 'log', 'net/http', c && 'os', sends(t) && 'strings', ...(cert ? GO_TLS_IMPORTS : [])],
    [
      ...(cert ? [...goTlsConfig(cert), 'client := &http.Client{Transport: &http.Transport{TLSClientConfig: tlsConfig}}'] : []),
      `request, err := http.NewRequest(${goString(requestMethod(t))}, ${goString(url(t))}, ${sends(t) ? `strings.NewReader(${payload.value})` : 'nil'})`,
      ...GO_CHECK,
      ...headers.map(([n, v]) => `request.Header.Set(${goString(n!)}, ${v})`),
      ...(c?.kind === 'user-password' ? [`request.SetBasicAuth(${goEnv(c.user)}, ${goEnv(c.password)})`] : []),
      ...(c?.kind === 'api-key' && c.in === 'query'
        ? ['query := request.URL.Query()', `query.Set(${goString(c.name)}, ${goEnv(c.variable)})`, 'request.URL.RawQuery = query.Encode()']
        : []),
      `response, err := ${cert ? 'client' : 'http.DefaultClient'}.Do(request)`,
      ...GO_CHECK,
      'defer response.Body.Close()',
      'body, err := io.ReadAll(response.Body)',
      ...GO_CHECK,
      'fmt.Println(response.StatusCode, string(body))',
    ],
    sends(t) ? payload.setup : [],
  );
}
