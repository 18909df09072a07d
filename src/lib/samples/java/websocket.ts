/**
 * WebSocket in Java: the JDK's java.net.http client, with the binding's query and headers and the
 * credentials' header from the environment. The listener prints each whole message, text or binary.
 */
import { javaEnv, javaProgram, javaString } from '../code-text.ts';
import { javaPayload } from '../payload-literal.ts';
import type { SampleTarget } from '../sample-target.ts';
import { url } from '../websocket.ts';

function headerCalls(t: SampleTarget): string[] {
  const c = t.credentials;
  return [
    ...t.ws.headers.map(([n, v]) => `.header(${javaString(n)}, ${javaString(v)})`),
    ...(c?.kind === 'api-key' && c.in === 'header' ? [`.header(${javaString(c.name)}, ${javaEnv(c.variable)})`] : []),
    ...(c?.kind === 'bearer' ? [`.header("Authorization", "Bearer " + ${javaEnv(c.variable)})`] : []),
  ];
}

/** A listener that hands each whole message to `onMessage` (a Java statement using `message`). */
const LISTENER = (onMessage: string): string[] => [
  'var listener = new WebSocket.Listener() {',
  '  final StringBuilder text = new StringBuilder();',
  '',
  '  @Override',
  '  public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {',
  '    text.append(data);',
  '    if (last) {',
  '      String message = text.toString();',
  '      text.setLength(0);',
  `      ${onMessage}`,
  '    }',
  '    socket.request(1);',
  '    return null;',
  '  }',
  '',
  '  @Override',
  '  public CompletionStage<?> onBinary(WebSocket socket, ByteBuffer data, boolean last) {',
  '    return onText(socket, StandardCharsets.UTF_8.decode(data), last);',
  '  }',
  '};',
];

export function java(t: SampleTarget): string {
  const payload = javaPayload(t);
  const imports = [
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.WebSocket',
    'java.nio.ByteBuffer',
    'java.nio.charset.StandardCharsets',
    'java.util.concurrent.CompletionStage',
  ];
  const open = [
    `URI uri = URI.create(${javaString(url(t))});`,
    'var client = HttpClient.newHttpClient();',
    'WebSocket socket = client',
    '    .newWebSocketBuilder()',
    ...headerCalls(t).map((h) => `    ${h}`),
    '    .buildAsync(uri, listener)',
    '    .join();',
  ];
  if (t.role === 'subscribe')
    return javaProgram(
      [...imports, 'java.util.concurrent.CountDownLatch'],
      [...LISTENER('System.out.println(message);'), ...open, 'new CountDownLatch(1).await();'],
    );
  if (t.ws.awaitReply)
    return javaProgram(
      [...imports, 'java.util.concurrent.CompletableFuture'],
      [
        '// The reply comes back on the same connection.',
        'CompletableFuture<String> reply = new CompletableFuture<>();',
        ...LISTENER('reply.complete(message);'),
        ...open,
        `socket.sendText(${payload.value}, true).join();`,
        'System.out.println(reply.join());',
        'socket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();',
      ],
      payload.setup,
    );
  return javaProgram(
    imports,
    [
      ...LISTENER('System.out.println(message);'),
      ...open,
      `socket.sendText(${payload.value}, true).join();`,
      'socket.sendClose(WebSocket.NORMAL_CLOSURE, "").join();',
    ],
    payload.setup,
  );
}
