/**
 * HTTP in Java: the JDK's java.net.http client, with the binding's method, the message's headers
 * and the credentials from the environment; a webhook is the JDK's HttpServer on $PORT.
 */
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import { requestMethod, sends, url, webhook, webhookPath } from '../http.ts';
import type { SampleTarget } from '../sample-target.ts';

function javaWebhook(t: SampleTarget): string {
  return javaProgram(
    ['com.sun.net.httpserver.HttpServer', 'java.net.InetSocketAddress', 'java.nio.charset.StandardCharsets'],
    [
      '// The API calls this server: it prints the body of each request to the address.',
      `String path = ${javaString(webhookPath(t))};`,
      'int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));',
      'HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);',
      'server.createContext("/", (call) -> {',
      '  byte[] body = call.getRequestBody().readAllBytes();',
      '  String uri = call.getRequestURI().toString();',
      `  if (call.getRequestMethod().equals(${javaString(t.http.method)})`,
      '      && uri.equals(path)) {',
      '    System.out.println(new String(body, StandardCharsets.UTF_8));',
      '  }',
      '  call.sendResponseHeaders(204, -1);',
      '  call.close();',
      '});',
      'server.start();',
    ],
  );
}

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  if (webhook(t)) return javaWebhook(t);
  const c = t.credentials;
  const query = c?.kind === 'api-key' && c.in === 'query';
  const target = query
    ? `${javaString(`${url(t)}${t.http.query.length > 0 ? '&' : '?'}${encodeURIComponent(c.name)}=`)} + URLEncoder.encode(${javaEnv(c.variable)}, StandardCharsets.UTF_8)`
    : javaString(url(t));
  const headers = [
    ...(sends(t) ? [['Content-Type', javaString(t.contentType)]] : []),
    ...t.headers.map(([n, v]) => [n, javaString(v)]),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [[c.name, javaEnv(c.variable)]] : []),
    ...(c?.kind === 'bearer' ? [['Authorization', `"Bearer " + ${javaEnv(c.variable)}`]] : []),
    ...(c?.kind === 'user-password'
      ? [
          [
            'Authorization',
            `"Basic " + Base64.getEncoder().encodeToString((${javaEnv(c.user)} + ":" + ${javaEnv(c.password)}).getBytes(StandardCharsets.UTF_8))`,
          ],
        ]
      : []),
  ];
  const body = sends(t) ? `HttpRequest.BodyPublishers.ofString(${payload.value})` : 'HttpRequest.BodyPublishers.noBody()';
  return javaProgram(
    [
      'java.net.URI',
      'java.net.http.HttpClient',
      'java.net.http.HttpRequest',
      'java.net.http.HttpResponse',
      (query || c?.kind === 'user-password') && 'java.nio.charset.StandardCharsets',
      query && 'java.net.URLEncoder',
      c?.kind === 'user-password' && 'java.util.Base64',
    ],
    [
      `HttpRequest request = HttpRequest.newBuilder(URI.create(${target}))`,
      `    .method(${javaString(requestMethod(t))}, ${body})`,
      ...headers.map(([n, v]) => `    .header(${javaString(n!)}, ${v})`),
      '    .build();',
      'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
      'System.out.println(response.statusCode());',
      'System.out.println(response.body());',
    ],
    sends(t) ? payload.setup : [],
  );
}
