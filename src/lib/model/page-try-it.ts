/**
 * The "try it" form of an operation page (issue 40, opt-in through the configuration's `tryIt`,
 * src/lib/try-it/try-it-config.ts): on the first server of the operation's channel that the
 * configuration names, what the reader's browser sends or listens to. The application's
 * `receive` is the reader's send (the form sends the example, editable, and shows what comes
 * back: a WebSocket's messages, an HTTP response, an MQTT reply topic's messages); its `send`
 * is the reader's listen (the form shows what arrives). Only the payload of the message's
 * example goes into the page, as the examples panel shows it: never a header value, a
 * credential or a server variable that the page does not show already. Credentials are typed by
 * the reader and kept in the page's memory (src/client/try-it.ts).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { type SampleRole, type SecurityScheme, sampleTarget, type Variable } from '../samples/sample-target.ts';
import type { TryItCredentials, TryItView } from '../try-it/try-it-view.ts';
import { type Context, merged, sub } from './page-context.ts';
import { exampleOf, messagesOf, replyAddressOf, resolve, resolvedList, resolvedMap, serverName, serversOf } from './page-samples.ts';

const ROLE: Record<string, SampleRole> = { receive: 'publish', send: 'subscribe' };

/** The form of an operation, or undefined when none of its channel's servers is one the configuration lets readers try. */
export function tryItView(ctx: Context, op: Record<string, unknown>, at: Location): TryItView | undefined {
  if (!ctx.tryIt || ctx.tryIt.size === 0) return undefined;
  const role = typeof op.action === 'string' ? ROLE[op.action] : undefined;
  const channel = resolve(ctx, op.channel, sub(at, 'channel'));
  if (!role || !channel) return undefined;
  const found = serversOf(ctx, channel).find((s) => ctx.tryIt!.has(serverName(s)));
  if (!found) return undefined;
  const server = ctx.tryIt.get(serverName(found))!;
  // Listening to an HTTP server is not something a browser can do (it would be the server calling the reader).
  if (server.protocol === 'http' && role === 'subscribe') return undefined;
  const m = merged(ctx, op, at);
  const message = messagesOf(ctx, op.messages, at, channel)[0];
  const example = message ? exampleOf(ctx, message) : { value: {}, bindings: {} };
  const operationBindings = resolve(ctx, m.value.bindings, sub(m.origin.bindings ?? at, 'bindings'))?.value ?? {};
  const channelBindings = resolve(ctx, channel.value.bindings, sub(channel.at, 'bindings'))?.value ?? {};
  const target = sampleTarget({
    role,
    server: {
      host: typeof found.value.host === 'string' ? found.value.host : 'localhost',
      protocol: String(found.value.protocol),
      pathname: found.value.pathname,
      variables: resolvedMap(ctx, found.value.variables, sub(found.at, 'variables')) as Record<string, Variable>,
      security: resolvedList(ctx, found.value.security, sub(found.at, 'security')) as SecurityScheme[],
    },
    address: typeof channel.value.address === 'string' ? channel.value.address : '',
    parameters: resolvedMap(ctx, channel.value.parameters, sub(channel.at, 'parameters')) as Record<string, Variable>,
    bindings: { operation: operationBindings, channel: channelBindings, message: example.bindings },
    // The payload only: a header of the example may hold a token, and the form sends none.
    example: { payload: example.value.payload },
    ...(example.contentType ? { contentType: example.contentType } : {}),
    security: resolvedList(ctx, m.value.security, sub(m.origin.security ?? at, 'security')) as SecurityScheme[],
  });
  if (!target) return undefined;
  const c = target.credentials;
  // A client certificate is the browser's own to present (from its certificate store): the form asks for nothing.
  const credentials: TryItCredentials | undefined =
    c?.kind === 'api-key' ? { kind: 'api-key', in: c.in, name: c.name } : c && c.kind !== 'client-certificate' ? { kind: c.kind } : undefined;
  const base = {
    protocol: server.protocol,
    server: serverName(found),
    origin: server.origin,
    role: role === 'publish' ? ('send' as const) : ('listen' as const),
    payload: target.payload,
    contentType: target.contentType,
    ...(credentials ? { credentials } : {}),
    placeholders: target.placeholders,
  };
  if (server.protocol === 'mqtt') {
    const reply = op.reply !== undefined && role === 'publish' ? resolve(ctx, op.reply, sub(at, 'reply')) : undefined;
    const { replyChannel, replyAddress } = reply ? replyAddressOf(ctx, reply, example.value) : { replyChannel: undefined, replyAddress: undefined };
    const replyTopic =
      replyAddress !== undefined
        ? sampleTarget({
            role: 'subscribe',
            server: { host: 'localhost', protocol: 'mqtt', variables: {}, security: [] },
            address: replyAddress,
            parameters: replyChannel ? (resolvedMap(ctx, replyChannel.value.parameters, sub(replyChannel.at, 'parameters')) as Record<string, Variable>) : {},
            bindings: { operation: {}, channel: {}, message: {} },
            example: {},
            security: [],
          })?.address
        : undefined;
    return {
      ...base,
      url: server.url,
      mqtt: {
        topic: target.address,
        qos: target.mqtt.qos,
        retain: target.mqtt.retain,
        version: server.mqttVersion ?? target.mqtt.version,
        ...(replyTopic !== undefined ? { replyTopic } : {}),
      },
    };
  }
  const path = target.address.replace(/^\/+/, '');
  const query = new URLSearchParams(server.protocol === 'ws' ? target.ws.query : target.http.query).toString();
  const url = `${server.url}${path === '' ? '' : `/${path}`}${query === '' ? '' : `?${query}`}`;
  return { ...base, url, ...(server.protocol === 'http' ? { method: target.http.method } : {}) };
}
