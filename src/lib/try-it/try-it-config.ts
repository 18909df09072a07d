/**
 * "Try it" (issue 40, opt-in): the configuration's `tryIt` names the servers whose operation
 * pages get a form that talks to them from the reader's browser. A browser speaks WebSocket and
 * HTTP only, so a server qualifies when its protocol is ws/wss or http/https (reached at its own
 * URL, or at the `url` the configuration gives), or MQTT through a WebSocket listener of its
 * broker, whose `url` (ws:// or wss://) the configuration must give: the document's host is the
 * broker's TCP port, which no browser can open. Each server's URL is checked here against the
 * documents, so that a mistyped id or a server no browser can reach is said where it is written.
 * The pages' Content-Security-Policy then allows exactly the origins of these URLs.
 */
import type { Problem } from '../diagnostics/diagnostic.ts';
import { escapeToken, joinPointer } from '../json-pointer.ts';
import { nearestName } from '../near-name.ts';
import { isPlainObject, type ResolvedDoc } from '../resolve/resolved-doc.ts';
import { fillTemplate, type Variable } from '../samples/sample-target.ts';

/** The configuration's field, as written: server id → where the reader's browser reaches it. */
export interface TryItConfig {
  servers: Record<string, { url?: string }>;
}

/** How the browser talks to the server. */
export type TryItProtocol = 'ws' | 'http' | 'mqtt';

/** Servers at most: each adds an origin to the pages' CSP. */
export const MAX_TRY_IT_SERVERS = 20;

/**
 * A URL of the configuration: scheme, host (a name or an IP address, no wildcard, no user or
 * password) and port, and a path; no query or fragment (a credential has no place there).
 */
export const TRY_IT_URL =
  "^(?:wss?|https?)://(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*)?$";

/** The JSON Schema of the field (src/lib/config/site-config.ts). */
export const TRY_IT_SCHEMA = {
  type: 'object',
  required: ['servers'],
  additionalProperties: false,
  properties: {
    servers: {
      type: 'object',
      minProperties: 1,
      maxProperties: MAX_TRY_IT_SERVERS,
      // A server id of the document (the key under `servers`).
      propertyNames: { pattern: '^[A-Za-z0-9_.~-]{1,100}$' },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: { url: { type: 'string', maxLength: 500, pattern: TRY_IT_URL } },
      },
    },
  },
};

export const TRY_IT_EXPECTED =
  '{"servers": {"<server id>": {}, "<mqtt server id>": {"url": "wss://broker.example.com:8081/mqtt"}}}: the servers of the document whose operation pages get a form that sends from the reader\'s browser (at most 20); `url` (ws, wss, http or https; no user, password or query) is where the browser reaches the server, required for MQTT (its broker\'s WebSocket listener)';

/** A server of the configuration, resolved against its document. */
export interface TryItServer {
  protocol: TryItProtocol;
  /** ws/wss or http/https: the URL before the channel's address; mqtt: the WebSocket listener. */
  url: string;
  /** `scheme://host[:port]`, as the CSP's connect-src lists it. */
  origin: string;
  /** MQTT's version: 5 for mqtt5 servers. */
  mqttVersion?: 4 | 5;
}

const BROWSER_PROTOCOLS: Record<string, { protocol: TryItProtocol; scheme?: string; mqttVersion?: 4 | 5 }> = {
  ws: { protocol: 'ws', scheme: 'ws' },
  wss: { protocol: 'ws', scheme: 'wss' },
  http: { protocol: 'http', scheme: 'http' },
  https: { protocol: 'http', scheme: 'https' },
  mqtt: { protocol: 'mqtt', mqttVersion: 4 },
  mqtts: { protocol: 'mqtt', mqttVersion: 4 },
  'secure-mqtt': { protocol: 'mqtt', mqttVersion: 4 },
  mqtt5: { protocol: 'mqtt', mqttVersion: 5 },
  'secure-mqtt5': { protocol: 'mqtt', mqttVersion: 5 },
};

/** The schemes a configured `url` may have, by how the browser talks to the server. */
const SCHEMES: Record<TryItProtocol, string[]> = { ws: ['ws', 'wss'], http: ['http', 'https'], mqtt: ['ws', 'wss'] };

/** `scheme://host[:port]` of a URL, or undefined when it is none (a port above 65535). */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** A server of a document as this module reads it. */
export interface DocumentServer {
  host?: unknown;
  protocol?: unknown;
  pathname?: unknown;
  variables?: unknown;
}

/**
 * The server resolved, or why it cannot be tried from a browser (a sentence for a diagnostic).
 * `variables` are the server's, resolved; the URL of a ws or http server without `url` is its
 * own, with its variables' defaults, and must name a real host.
 */
export function tryItServer(
  server: DocumentServer,
  variables: Record<string, Variable>,
  configured: { url?: string },
): TryItServer | { problem: string; hint: string } {
  const protocol = typeof server.protocol === 'string' ? server.protocol.toLowerCase() : '';
  const known = Object.hasOwn(BROWSER_PROTOCOLS, protocol) ? BROWSER_PROTOCOLS[protocol]! : undefined;
  if (!known)
    return {
      problem: `its protocol ${protocol === '' ? '(none)' : JSON.stringify(protocol)} is not one a browser can speak`,
      hint: 'Try it works with ws, wss, http and https servers, and with MQTT servers through their broker\'s WebSocket listener ({"url": "wss://…"}); leave this server out.',
    };
  const mqttVersion = known.mqttVersion ? { mqttVersion: known.mqttVersion } : {};
  if (configured.url !== undefined) {
    const scheme = configured.url.slice(0, configured.url.indexOf(':')).toLowerCase();
    if (!SCHEMES[known.protocol].includes(scheme))
      return {
        problem: `its url ${configured.url} is ${scheme}, but the server speaks ${protocol}`,
        hint: `Give a ${SCHEMES[known.protocol].join(' or ')} URL${known.protocol === 'mqtt' ? ": the broker's WebSocket listener" : ''}.`,
      };
    const origin = originOf(configured.url);
    if (!origin) return { problem: `its url ${configured.url} is not a URL a browser can open`, hint: 'Give a port between 1 and 65535.' };
    return { protocol: known.protocol, url: configured.url.replace(/\/+$/, ''), origin, ...mqttVersion };
  }
  if (known.protocol === 'mqtt')
    return {
      problem: `it speaks ${protocol} over TCP, which no browser can open`,
      hint: 'Give the URL of its broker\'s WebSocket listener, e.g. {"url": "wss://broker.example.com:8081/mqtt"} (mosquitto: a `listener` with `protocol websockets`).',
    };
  const missing: string[] = [];
  const host = fillTemplate(typeof server.host === 'string' ? server.host : '', variables, missing);
  const pathname = typeof server.pathname === 'string' ? fillTemplate(server.pathname, variables, missing) : '';
  const url = `${known.scheme}://${host}${pathname === '' || pathname.startsWith('/') ? '' : '/'}${pathname}`.replace(/\/+$/, '');
  const origin = missing.length === 0 && host !== '' && new RegExp(TRY_IT_URL).test(url) ? originOf(url) : undefined;
  if (!origin)
    return {
      problem: `its URL ${url} is not one a browser can open${missing.length > 0 ? ` (no value for ${missing.join(', ')})` : ''}`,
      hint: `Give the URL the reader's browser reaches it at, e.g. {"url": "${known.scheme}://api.example.com"}.`,
    };
  return { protocol: known.protocol, url, origin };
}

/** A document's servers by id, each resolved with its variables (References followed). */
export function documentServers(doc: ResolvedDoc): Map<string, { server: DocumentServer; variables: Record<string, Variable> }> {
  const servers = new Map<string, { server: DocumentServer; variables: Record<string, Variable> }>();
  const root = doc.root.value;
  if (!isPlainObject(root) || !isPlainObject(root.servers)) return servers;
  for (const [id, raw] of Object.entries(root.servers)) {
    const at = { file: doc.root.path, pointer: joinPointer('/servers', id) };
    const server = doc.deref(raw, at);
    if (!server || !isPlainObject(server.value)) continue;
    const variables: Record<string, Variable> = {};
    const listed = doc.deref(server.value.variables, { file: server.at.file, pointer: joinPointer(server.at.pointer, 'variables') });
    for (const [name, v] of Object.entries(listed && isPlainObject(listed.value) ? listed.value : {})) {
      const variable = doc.deref(v, { file: listed!.at.file, pointer: joinPointer(listed!.at.pointer, name) });
      if (variable && isPlainObject(variable.value)) Object.defineProperty(variables, name, { value: variable.value, enumerable: true });
    }
    servers.set(id, { server: server.value, variables });
  }
  return servers;
}

/** The configuration's servers that a document has, resolved; those that cannot be tried are left out (checkTryIt said why). */
export function tryItServersOf(config: TryItConfig | undefined, doc: ResolvedDoc): Map<string, TryItServer> {
  const found = new Map<string, TryItServer>();
  if (!config) return found;
  const servers = documentServers(doc);
  for (const [id, configured] of Object.entries(config.servers)) {
    const s = servers.get(id);
    const resolved = s ? tryItServer(s.server, s.variables, configured) : undefined;
    if (resolved && !('problem' in resolved)) found.set(id, resolved);
  }
  return found;
}

/** Loopback hosts, which browsers trust as they trust HTTPS: a page served over HTTPS may reach them over ws:// or http://. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a page of the site cannot reach the server, when the site (the configuration's `site`) is
 * served over HTTPS and the server is reached over ws:// or http://: browsers block such "mixed
 * content" (a loopback host excepted), so the form would fail on every try.
 */
export function mixedContent(siteUrl: string | undefined, serverUrl: string): string | undefined {
  if (!siteUrl?.toLowerCase().startsWith('https:')) return undefined;
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'http:') || LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')) return undefined;
  return `the site is served over HTTPS (${siteUrl}) and the server is reached at ${serverUrl}: browsers block a page served over HTTPS from connecting to a ws:// or http:// server`;
}

/**
 * Problems of the configuration's servers against the documents: an id none of them has, or a
 * server no browser can reach; a warning when the site, served over HTTPS (`siteUrl`), would reach
 * a server over ws:// or http://. In a portal, an id is checked on every document that has it.
 */
export function checkTryIt(config: TryItConfig, docs: readonly ResolvedDoc[], file: string, siteUrl?: string): Problem[] {
  const problems: Problem[] = [];
  const servers = docs.map(documentServers);
  const known = [...new Set(servers.flatMap((d) => [...d.keys()]))];
  for (const [id, configured] of Object.entries(config.servers)) {
    const at = { file, pointer: `/tryIt/servers/${escapeToken(id)}` };
    const holders = servers.flatMap((d) => d.get(id) ?? []);
    if (holders.length === 0) {
      const near = nearestName(id, known);
      problems.push({
        code: 'config-invalid',
        severity: 'error',
        message: `\`tryIt\`: no document has a server ${JSON.stringify(id)}`,
        hint: near
          ? `Did you mean ${JSON.stringify(near)}?`
          : known.length > 0
            ? `The servers: ${known.slice(0, 10).join(', ')}${known.length > 10 ? '…' : ''}.`
            : 'The documents name no servers.',
        at,
        atKey: true,
      });
      continue;
    }
    for (const { server, variables } of holders) {
      const resolved = tryItServer(server, variables, configured);
      if ('problem' in resolved) {
        problems.push({
          code: 'config-invalid',
          severity: 'error',
          message: `\`tryIt\`: the server ${JSON.stringify(id)} cannot be tried from a browser: ${resolved.problem}`,
          hint: resolved.hint,
          at,
          atKey: true,
        });
        break;
      }
      const blocked = mixedContent(siteUrl, resolved.url);
      if (blocked) {
        const secure = resolved.url.startsWith('ws:') ? 'wss' : 'https';
        problems.push({
          code: 'config-mixed-content',
          severity: 'warning',
          message: `\`tryIt\`: the server ${JSON.stringify(id)} cannot be tried from the published site: ${blocked}`,
          hint: `Give a ${secure}:// URL where the reader's browser reaches it, e.g. {"url": "${secure}://${new URL(resolved.url).host}"}.`,
          at,
          atKey: true,
        });
        break;
      }
    }
  }
  return problems;
}
