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
  // The URL, the credentials and the body are named first, so that the request's builder reads a call a line.
  const address = query ? `${url(t)}${t.http.query.length > 0 ? '&' : '?'}${encodeURIComponent(c.name)}=` : url(t);
  const headers = [
    ...(sends(t) ? [['Content-Type', javaString(t.contentType)]] : []),
    ...t.headers.map(([n, v]) => [n, javaString(v)]),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [[c.name, javaEnv(c.variable)]] : []),
    ...(c?.kind === 'bearer' ? [['Authorization', `"Bearer " + ${javaEnv(c.variable)}`]] : []),
    ...(c?.kind === 'user-password' ? [['Authorization', '"Basic " + basic']] : []),
  ];
  return javaProgram(
    [
      'java.net.URI',
      'java.net.http.HttpClient',
      'java.net.http.HttpRequest',
      'java.net.http.HttpRequest.BodyPublisher',
      'java.net.http.HttpRequest.BodyPublishers',
      'java.net.http.HttpResponse.BodyHandlers',
      query && 'java.net.URLEncoder',
      c?.kind === 'user-password' && 'java.util.Base64',
    ],
    [
      `String url = ${javaString(address)};`,
      query && `String key = ${javaEnv(c.variable)};`,
      query && 'String value = URLEncoder.encode(key, StandardCharsets.UTF_8);',
      `URI uri = URI.create(${query ? 'url + value' : 'url'});`,
      ...(c?.kind === 'user-password'
        ? [
            `String user = ${javaEnv(c.user)};`,
            `String password = ${javaEnv(c.password)};`,
            'String login = user + ":" + password;',
            'String basic = Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8));',
          ]
        : []),
      `BodyPublisher body = ${sends(t) ? `BodyPublishers.ofString(${payload.value})` : 'BodyPublishers.noBody()'};`,
      'var request = HttpRequest.newBuilder(uri)',
      `    .method(${javaString(requestMethod(t))}, body)`,
      ...headers.map(([n, v]) => `    .header(${javaString(n!)}, ${v})`),
      '    .build();',
      'var client = HttpClient.newHttpClient();',
      'var response = client.send(request, BodyHandlers.ofString());',
      'System.out.println(response.statusCode());',
      'System.out.println(response.body());',
    ],
    sends(t) ? payload.setup : [],
  );
}
