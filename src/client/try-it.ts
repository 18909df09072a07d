/**
 * The "try it" form of an operation page (src/components/TryIt.astro): enables its fields, and
 * on submit connects from the reader's browser to the server the page names, sends the message
 * or listens, and lists what arrives. Over WebSocket and MQTT the connection stays open until
 * "Disconnect" (or the page is left); over HTTP each send is one request, its response shown.
 * Credentials are read from the fields when sending and never stored (no storage, no cookie, no
 * URL of the page); an API key "in the query" goes into the query of the request to the server,
 * as the server asks. The MQTT client (the mqtt package's browser build) is fetched only when
 * the reader connects to an MQTT server. What arrives is shown as text, never as HTML.
 */

/** Messages listed at most (the oldest dropped), and characters shown of each. */
const MAX_SHOWN = 20;
const MAX_CHARS = 10_000;
/** A connection that does not open within this time is given up. */
const CONNECT_MS = 10_000;

interface Connection {
  send(text: string): void;
  close(): void;
}

/** The mqtt package's browser build, written beside this script as try-it-mqtt.js (src/pipeline/try-it-assets.ts). */
type MqttModule = { default: Pick<typeof import('mqtt'), 'connect'> };

/**
 * HTTP basic's credentials: the user and password as UTF-8 (RFC 7617), in base64. `btoa` alone
 * takes Latin-1 text only: a password with any other character made it throw, and the form said
 * the server could not be reached.
 */
function basicCredentials(user: string, password: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)));
}

function setup(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('[data-try-it-form]');
  const fields = root.querySelector<HTMLFieldSetElement>('[data-try-it-fields]');
  const status = root.querySelector<HTMLElement>('[data-try-it-status]');
  const log = root.querySelector<HTMLOListElement>('[data-try-it-log]');
  const stop = root.querySelector<HTMLButtonElement>('[data-try-it-stop]');
  if (!form || !fields || !status || !log) return;
  const d = root.dataset;
  fields.disabled = false;
  if (stop) stop.disabled = true;
  let connection: Connection | undefined;

  const say = (text: string): void => {
    status.textContent = text;
  };
  const show = (label: string, text: string): void => {
    const item = document.createElement('li');
    const caption = document.createElement('p');
    caption.className = 'kind';
    caption.textContent = label;
    const body = document.createElement('pre');
    body.textContent = text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
    item.append(caption, body);
    log.append(item);
    while (log.children.length > MAX_SHOWN) log.firstElementChild?.remove();
  };
  const value = (selector: string): string => root.querySelector<HTMLInputElement>(selector)?.value ?? '';
  const message = (): string => value('[data-try-it-message]');
  const disconnected = (why: string): void => {
    connection = undefined;
    if (stop) stop.disabled = true;
    say(why);
  };

  /** The server's URL with an API key in its query, when the server takes it there. */
  const withKey = (url: string): string => {
    if (d.credentials !== 'api-key' || d.keyIn !== 'query' || !d.keyName || value('[data-try-it-secret]') === '') return url;
    const u = new URL(url);
    u.searchParams.set(d.keyName, value('[data-try-it-secret]'));
    return u.href;
  };

  const openWebSocket = (): Promise<Connection> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(withKey(d.url ?? ''));
      const timer = setTimeout(() => socket.close(), CONNECT_MS);
      socket.addEventListener('open', () => {
        clearTimeout(timer);
        resolve({ send: (text) => socket.send(text), close: () => socket.close() });
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string') show('Received', event.data);
        else if (event.data instanceof Blob) void event.data.text().then((text) => show('Received', text));
      });
      socket.addEventListener('close', () => {
        clearTimeout(timer);
        reject(new Error('closed'));
        if (connection) disconnected('Disconnected.');
      });
    });

  const openMqtt = async (): Promise<Connection> => {
    const { default: mqtt } = (await import(new URL('try-it-mqtt.js', import.meta.url).href)) as MqttModule;
    const user = value('[data-try-it-user]');
    const client = mqtt.connect(d.url ?? '', {
      protocolVersion: d.mqttVersion === '5' ? 5 : 4,
      connectTimeout: CONNECT_MS,
      reconnectPeriod: 0,
      clean: true,
      ...(user !== '' ? { username: user, password: value('[data-try-it-password]') } : {}),
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error('closed')));
      });
    } catch (error) {
      client.end(true);
      throw error;
    }
    const qos = (Number(d.qos) || 0) as 0 | 1 | 2;
    client.on('message', (topic, payload) => show(`Received on ${topic}`, new TextDecoder().decode(payload)));
    client.on('close', () => {
      if (connection) disconnected('Disconnected.');
    });
    // Listening: the operation's topic; sending: the reply's topic, if the operation has a reply.
    const listen = d.role === 'listen' ? d.topic : d.replyTopic;
    if (listen) await client.subscribeAsync(listen, { qos });
    return {
      send: (text) => {
        client.publish(d.topic ?? '', text, { qos, retain: d.retain === 'true' });
      },
      close: () => client.end(true),
    };
  };

  const sendHttp = async (): Promise<void> => {
    const headers = new Headers({ 'content-type': d.contentType ?? 'application/json' });
    const secret = value('[data-try-it-secret]');
    if (d.credentials === 'bearer' && secret !== '') headers.set('authorization', `Bearer ${secret}`);
    if (d.credentials === 'api-key' && d.keyIn === 'header' && d.keyName && secret !== '') headers.set(d.keyName, secret);
    const user = value('[data-try-it-user]');
    if (d.credentials === 'user-password' && user !== '') headers.set('authorization', `Basic ${basicCredentials(user, value('[data-try-it-password]'))}`);
    const method = d.method ?? 'POST';
    const response = await fetch(withKey(d.url ?? ''), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: message() }),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(CONNECT_MS),
    });
    show(`Response: ${response.status} ${response.statusText}`.trim(), await response.text());
  };

  const failed = (): void => {
    // The browser says no more than that (a refused connection, a policy, a certificate look the same to a page).
    say(`Could not reach ${d.url}: the server did not answer, refused the connection or the credentials, or does not allow requests from this site.`);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        if (d.protocol === 'http') {
          say('Sending…');
          await sendHttp();
          say('Sent.');
          return;
        }
        if (!connection) {
          say('Connecting…');
          connection = await (d.protocol === 'mqtt' ? openMqtt() : openWebSocket());
          if (stop) stop.disabled = false;
        }
        if (d.role === 'send') {
          connection.send(message());
          say('Sent. Still connected: what comes back is listed below.');
        } else say('Listening: what arrives is listed below.');
      } catch {
        connection = undefined;
        failed();
      }
    })();
  });
  stop?.addEventListener('click', () => {
    const open = connection;
    connection = undefined;
    open?.close();
    disconnected('Disconnected.');
  });
  // Leaving the page ends the connection; nothing typed is kept anywhere.
  window.addEventListener('pagehide', () => connection?.close());
}

for (const root of document.querySelectorAll<HTMLElement>('[data-try-it]')) setup(root);
