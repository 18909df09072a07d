/**
 * What an operation page's "try it" form needs (made by src/lib/model/page-try-it.ts, shown by
 * src/components/TryIt.astro, run by src/client/try-it.ts): where to connect, what to send or
 * listen to, and which credentials to ask for. Nothing secret: the reader types those.
 */
import type { TryItProtocol } from './try-it-config.ts';

/** What the reader types to be let in, by the server's security (names only, never values). */
export type TryItCredentials = { kind: 'user-password' } | { kind: 'bearer' } | { kind: 'api-key'; in: 'header' | 'query'; name: string };

export interface TryItView {
  protocol: TryItProtocol;
  /** The server's id in the document. */
  server: string;
  /** Where the browser connects: ws and http with the channel's address; MQTT the broker's WebSocket listener. */
  url: string;
  /** The origin the page's Content-Security-Policy allows (`connect-src`). */
  origin: string;
  /** send: the reader's browser sends the example; listen: it shows what arrives. */
  role: 'send' | 'listen';
  /** The example's payload as sent, for the editable box. */
  payload: string;
  contentType: string;
  /** HTTP's method. */
  method?: string;
  /** MQTT: the topic, its QoS and retain flag, the version, and the topic the reply comes back on. */
  mqtt?: { topic: string; qos: 0 | 1 | 2; retain: boolean; version: 4 | 5; replyTopic?: string };
  credentials?: TryItCredentials;
  /** The channel's address has parameters without a value (`<lightId>`): the reader may need to change them. */
  placeholders: string[];
}

/**
 * What the server's security asks for that the form cannot send, as a sentence for the form, or
 * undefined: a browser's WebSocket API opens the connection with the browser's own headers only,
 * so a token, a user and password (an `Authorization` header) or an API key in a header cannot
 * go with it; an API key in the query can, and MQTT's user and password travel inside MQTT's
 * CONNECT packet, and HTTP's headers in the request.
 */
export function credentialsNotSent(view: Pick<TryItView, 'protocol' | 'credentials'>): string | undefined {
  const c = view.credentials;
  if (view.protocol !== 'ws' || !c || (c.kind === 'api-key' && c.in === 'query')) return undefined;
  const what =
    c.kind === 'api-key'
      ? `its API key in the header ${c.name}`
      : c.kind === 'bearer'
        ? 'a token in the Authorization header'
        : 'a user name and password in the Authorization header';
  // The code samples send a token or an API key in its header (src/lib/samples/websocket.ts), not a user and password.
  const samples = c.kind === 'user-password' ? '' : ' The code samples above send it.';
  return `This server asks for ${what}, and a browser cannot set headers on a WebSocket: the form connects without it, so the server may refuse.${samples}`;
}
