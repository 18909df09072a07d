/**
 * The code samples of an operation page (issue 40): what the reader's code sends or receives on
 * the operation's channel, through its first server whose protocol has a sample generator
 * (src/lib/samples). The application's `receive` is the reader's publish, its `send` the reader's
 * subscribe; an operation with a reply gets the other half too. The payload is the message's
 * first written example, else the example generated from its schema (checked against it). A half
 * that carries several messages has samples for each (a bounded number, as the Messages section
 * shows them), each under its message's title, so that a reader of the second message is not
 * left with code that sends the first.
 * An `x-codeSamples` list on the operation (Redocly's convention: `lang`, `label`, `source`)
 * replaces the generated tab of the same language and adds the others.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { entries } from '../resolve/doc-index.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { generateSamples, type SampleLanguage, SAMPLE_LANGUAGES } from '../samples/generators.ts';
import { isSpringKafkaInternalHeader } from '../samples/spring-kafka-headers.ts';
import {
  type Credentials,
  type SampleRole,
  type SampleTarget,
  type SecurityScheme,
  sampleProtocol,
  sampleTarget,
  type Variable,
} from '../samples/sample-target.ts';
import { type Context, merged, sub } from './page-context.ts';
import type { CodeSample, FillIn, MessageSamples, PageSection, SampleGroup } from './page-types.ts';
import { messageExampleList } from './message-example-list.ts';
import { titleOf } from './routes.ts';
import { headerPlaceholder, headersWithPlaceholders, schemaHeaderValues } from './sample-header-values.ts';

export type Resolved = { value: Record<string, unknown>; at: Location };

export function resolve(ctx: Context, raw: unknown, at: Location): Resolved | undefined {
  const r = ctx.doc.deref(raw, at);
  return r && isPlainObject(r.value) ? { value: r.value, at: r.at } : undefined;
}

export function resolvedMap(ctx: Context, raw: unknown, at: Location): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, v] of entries(raw)) {
    const r = resolve(ctx, v, sub(at, name));
    if (r) Object.defineProperty(out, name, { value: r.value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function resolvedList(ctx: Context, raw: unknown, at: Location): Record<string, unknown>[] {
  return Array.isArray(raw)
    ? raw.flatMap((v, i) => {
        const r = resolve(ctx, v, sub(at, i));
        return r ? [r.value] : [];
      })
    : [];
}

/** The channel's servers (all the document's when it names none), resolved, in order. */
export function serversOf(ctx: Context, channel: Resolved): Resolved[] {
  const listed = Array.isArray(channel.value.servers) ? channel.value.servers : [];
  if (listed.length > 0) return listed.flatMap((s, i) => resolve(ctx, s, sub(channel.at, 'servers', i)) ?? []);
  const root = ctx.doc.root.value;
  const at = { file: ctx.doc.root.path, pointer: '/servers' };
  return isPlainObject(root) ? entries(root.servers).flatMap(([id, s]) => resolve(ctx, s, sub(at, id)) ?? []) : [];
}

/** The messages an operation or a reply carries: its list, else every message of its channel. */
export function messagesOf(ctx: Context, list: unknown, at: Location, channel: Resolved | undefined): Resolved[] {
  if (Array.isArray(list)) return list.flatMap((m, i) => resolve(ctx, m, sub(at, 'messages', i)) ?? []);
  return channel ? entries(channel.value.messages).flatMap(([id, m]) => resolve(ctx, m, sub(channel.at, 'messages', id)) ?? []) : [];
}

/** A message of an operation or a reply, with its title as the Messages section names it. */
export interface TitledMessage {
  message: Resolved;
  title: string;
}

/** The messages an operation or a reply carries (as messagesOf), each with its title. */
export function titledMessagesOf(ctx: Context, list: unknown, at: Location, channel: Resolved | undefined): TitledMessage[] {
  const sites = Array.isArray(list)
    ? list.map((raw, i) => ({ raw, site: sub(at, 'messages', i) }))
    : channel
      ? entries(channel.value.messages).map(([id, raw]) => ({ raw, site: sub(channel.at, 'messages', id) }))
      : [];
  return sites.flatMap(({ raw, site }) => {
    const message = resolve(ctx, raw, site);
    if (!message) return [];
    const id = (message.at.pointer.split('/').pop() ?? '').replaceAll('~1', '/').replaceAll('~0', '~');
    return [{ message, title: (ctx.locator.link(raw, site) ?? ctx.locator.at(site))?.title ?? titleOf(message.value, id, 'message') }];
  });
}

/**
 * The example a message's samples carry: the one its Examples panel shows first
 * (message-example-list.ts, which puts a right example first where the document has one), the
 * panel's title with it, so that a sample sends what the reader sees open.
 */
export function exampleOf(
  ctx: Context,
  message: Resolved,
): { value: Record<string, unknown>; contentType?: string; bindings: Record<string, unknown>; title?: string; made?: true } {
  const m = merged(ctx, message.value, message.at);
  const carried = messageExampleList(ctx, m.value, m.origin, message.at).examples[0];
  const contentType = typeof m.value.contentType === 'string' ? m.value.contentType : ctx.defaultContentType;
  const bindings = resolve(ctx, m.value.bindings, sub(m.origin.bindings ?? message.at, 'bindings'))?.value ?? {};
  return {
    value: carried && isPlainObject(carried.value) ? carried.value : {},
    ...(contentType ? { contentType } : {}),
    bindings,
    ...(carried ? { title: carried.title } : {}),
    ...(carried?.made ? { made: true as const } : {}),
  };
}

/**
 * The carried example as a sample sends it: as its panel shows it, so that the two never
 * disagree. Of a generated example, the header values the document does not give are said to be
 * made up (as the sns publish commands say them, sns-hands-on.ts), and a bare `"string"`, a type
 * word and no value, goes as a `<name>` placeholder (sample-header-values.ts).
 */
function withSampleHeaders(
  ctx: Context,
  message: Resolved,
  carried: ReturnType<typeof exampleOf>,
): ReturnType<typeof exampleOf> & { headerPlaceholders: string[]; madeUpHeaders: string[] } {
  if (!carried.made || !isPlainObject(carried.value.headers)) return { ...carried, headerPlaceholders: [], madeUpHeaders: [] };
  const m = merged(ctx, message.value, message.at);
  const { headers, placeholders, madeUp } = headersWithPlaceholders(carried.value.headers, schemaHeaderValues(ctx, m.value, m.origin, message.at));
  return { ...carried, value: { ...carried.value, headers }, headerPlaceholders: placeholders, madeUpHeaders: madeUp };
}

/** A runtime expression's value in a message example (`$message.header#/replyTo`), when it names one. */
export function expressionValue(expression: string, example: Record<string, unknown>): string | undefined {
  const match = /^\$message\.(header|payload)#(\/.*)?$/.exec(expression);
  if (!match) return undefined;
  let value: unknown = match[1] === 'header' ? example.headers : example.payload;
  for (const token of (match[2] ?? '').split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    value = isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

const ENV_NOTE = (c: Credentials): string =>
  c.kind === 'user-password'
    ? `Set ${c.user} and ${c.password} in the environment: the samples read the credentials from there.`
    : c.kind === 'client-certificate'
      ? `The server asks for a client certificate (mutual TLS): set ${c.cert}, ${c.key} and ${c.ca} to the paths of your certificate, its private key and the CA certificate that signed the server's (PEM files), and the samples present them.`
      : `Set ${c.variable} in the environment: the samples read the ${c.kind === 'bearer' ? 'token' : 'API key'} from there.`;

/** A custom sample's language name for the highlighter (`JavaScript`, `Node.js`, `py`…). */
/**
 * Where an operation's reply goes: its reply channel's address, else the runtime expression of
 * its reply `address` (`$message.header#/replyTo`) read from the request's example.
 */
export function replyAddressOf(
  ctx: Context,
  reply: Resolved,
  requestExample: Record<string, unknown>,
): { replyChannel: Resolved | undefined; replyAddress: string | undefined } {
  const replyChannel = reply.value.channel !== undefined ? resolve(ctx, reply.value.channel, sub(reply.at, 'channel')) : undefined;
  const location = resolve(ctx, reply.value.address, sub(reply.at, 'address'))?.value.location;
  const replyAddress =
    replyChannel && typeof replyChannel.value.address === 'string'
      ? replyChannel.value.address
      : typeof location === 'string'
        ? expressionValue(location, requestExample)
        : undefined;
  return { replyChannel, replyAddress };
}

function highlightLanguage(lang: string): string {
  const l = lang.toLowerCase();
  if (['js', 'javascript', 'node', 'node.js', 'nodejs'].includes(l)) return 'javascript';
  if (['ts', 'typescript'].includes(l)) return 'typescript';
  if (['py', 'python', 'python3'].includes(l)) return 'python';
  if (['sh', 'shell', 'bash', 'curl', 'cli'].includes(l)) return 'shell';
  // Also a Markdown fence's info string in the page's twin: nothing that could end the fence.
  return /^[a-z0-9+#._-]{1,30}$/.test(l) ? l : 'text';
}

/** Tabs of one group at most (the stylesheet shows six): a long x-codeSamples list does not grow the page. */
const MAX_TABS = 6;

/** The operation's x-codeSamples entries that are well formed (lang and source strings). */
function customSamples(op: Record<string, unknown>): CodeSample[] {
  const list = op['x-codeSamples'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((s) =>
    isPlainObject(s) && typeof s.lang === 'string' && typeof s.source === 'string'
      ? [{ label: typeof s.label === 'string' ? s.label : s.lang, lang: highlightLanguage(s.lang), code: s.source.replace(/\n$/, '') }]
      : [],
  );
}

/** The host of samples for an operation whose channel names no server: the reader puts theirs. */
const PLACEHOLDER_HOST = '<host>';

/** Names in prose: "a", "a and b", "a, b and c". */
const listed = (names: string[]): string => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/**
 * A Kafka producer's target without Spring Kafka's internal headers (spring-kafka-headers.ts),
 * and their names, which the samples' note gives; any other target as it is.
 */
function withoutSpringInternals(target: SampleTarget): { target: SampleTarget; leftOut: string[] } {
  if (target.protocol !== 'kafka' || target.role !== 'publish') return { target, leftOut: [] };
  const leftOut = target.headers.map(([name]) => name).filter(isSpringKafkaInternalHeader);
  return leftOut.length === 0 ? { target, leftOut } : { target: { ...target, headers: target.headers.filter(([name]) => !leftOut.includes(name)) }, leftOut };
}

/** Characters of a description said beside its placeholder at most: the line above the code stays a line. */
const MAX_ABOUT = 120;

/** A description's first paragraph as one line, cut at a word past MAX_ABOUT with an ellipsis. */
function aboutText(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  const line = (description.trim().split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ');
  if (line === '') return undefined;
  return line.length <= MAX_ABOUT ? line : `${line.slice(0, MAX_ABOUT).replace(/\s+\S*$/, '')}…`;
}

/** What the reader fills in: the host when the document names none, then each placeholder with its description. */
function fillInOf(target: SampleTarget, described: Record<string, unknown>): FillIn[] {
  return [
    ...(target.host === PLACEHOLDER_HOST ? [{ placeholder: PLACEHOLDER_HOST, about: "The server's host: the API description names none." }] : []),
    ...target.placeholders.map((placeholder) => {
      const name = placeholder.slice(1, -1);
      const about = Object.hasOwn(described, name) ? aboutText(described[name]) : undefined;
      return about ? { placeholder, about } : { placeholder };
    }),
  ];
}

/** The note under samples that send a header placeholder: the document gives no value for it, and a made-up one would look right. */
const placeholderNote = (names: string[]): string =>
  `The API description gives no value for ${listed(names)}: replace ${listed(names.map(headerPlaceholder))} with the value the receiver expects.`;

/** The note under samples that send a generated header value: the example beside them shows it, and the document gives none. */
const madeUpNote = (names: string[]): string =>
  `${names.length === 1 ? `The value of ${names[0]} is` : `The values of ${listed(names)} are`} made up, as in the generated example: send the value the receiver expects.`;

/** One message's samples and the notes that hold for them only (the headers they leave out, those the reader fills in). */
function messageSamples(
  given: SampleTarget,
  title: string,
  languages: readonly SampleLanguage[],
  example: string | undefined,
  headerPlaceholders: string[] = [],
  madeUpHeaders: string[] = [],
): MessageSamples {
  const { target, leftOut } = withoutSpringInternals(given);
  const toFill = headerPlaceholders.filter((name) => target.headers.some(([sent]) => sent === name));
  const madeUp = madeUpHeaders.filter((name) => target.headers.some(([sent]) => sent === name));
  return {
    title,
    ...(example ? { example } : {}),
    samples: generateSamples(target, languages).map((s) => ({ label: s.label, library: s.library, lang: s.language, code: s.code })),
    notes: [
      ...(leftOut.length > 0
        ? [
            `Not sent: ${listed(leftOut)}, Spring for Apache Kafka's own ${leftOut.length > 1 ? 'headers' : 'header'}, which its listener reads off the record received (never a record header).`,
          ]
        : []),
      ...(toFill.length > 0 ? [placeholderNote(toFill)] : []),
      ...(madeUp.length > 0 ? [madeUpNote(madeUp)] : []),
    ],
  };
}

/** A message's sample target and its title: what one tab of a half's message picker sends or receives. */
interface MessageTarget {
  title: string;
  target: SampleTarget;
  /** The example it carries, by the name its tab has. */
  example?: string | undefined;
  /** Headers sent as a placeholder: the document gives no value for them. */
  headerPlaceholders?: string[];
  /** Headers sent with a generated example's value: the document gives none either. */
  madeUpHeaders?: string[];
}

/**
 * The samples of one half of the exchange, for each of its messages (one at least).
 * `described`: the descriptions of the server's variables and the channel's parameters by name,
 * said beside the placeholders written for them (the same for every message: the address and
 * the server are the half's).
 */
function group(
  given: MessageTarget[],
  title: string,
  languages: readonly SampleLanguage[],
  described: Record<string, unknown> = {},
  moreMessages = 0,
  examplesOf: 'request' | 'reply' = 'request',
): SampleGroup {
  const first = given[0]!.target;
  const fillIn = fillInOf(first, described);
  const messages = given.map((m) => messageSamples(m.target, m.title, languages, m.example, m.headerPlaceholders, m.madeUpHeaders));
  const common = first.credentials ? [ENV_NOTE(first.credentials)] : [];
  const only = messages[0]!;
  // Code that reads whatever comes (a consumer, a server that prints the body) is the same for
  // every message: written once, not once under each message's tab.
  const sameForAll = messages.every(
    (m) => m.samples.map((x) => x.code).join('\0') === only.samples.map((x) => x.code).join('\0') && m.notes.join('\0') === only.notes.join('\0'),
  );
  return {
    title,
    samples: only.samples,
    ...(fillIn.length > 0 ? { fillIn } : {}),
    ...(messages.length > 1 && !sameForAll
      ? { notes: common, messages, examplesOf, ...(moreMessages > 0 ? { moreMessages } : {}) }
      : { notes: [...common, ...only.notes] }),
  };
}

/**
 * Messages of one half with samples of their own at most: as many as the operation's Messages
 * section shows in full (MAX_INLINE_MESSAGES, page-operation.ts), so that the page does not grow
 * with the document; the rest are counted under the tabs.
 */
export const MAX_MESSAGE_SAMPLES = 5;

/**
 * A document with no server and no binding names its protocol nowhere but, at times, in its title
 * ("Kraken Websockets API"): WebSocket there is the protocol its samples are written for, over
 * TLS as public WebSocket APIs are.
 */
function protocolOfTitle(root: unknown): string | undefined {
  const info = isPlainObject(root) && isPlainObject(root.info) ? root.info : {};
  return typeof info.title === 'string' && /\bweb ?sockets?\b/i.test(info.title) ? 'wss' : undefined;
}

/** A server's name in the document: the last segment of where it is defined (`/servers/mtls-connections`). */
export const serverName = (server: Resolved): string => (server.at.pointer.split('/').pop() ?? '').replaceAll('~1', '/').replaceAll('~0', '~');

/** Names listed in a note at most: a channel on many servers does not grow the panel. */
const MAX_OTHER_SERVERS = 3;

/**
 * Servers with samples of their own at most (the server picker's tabs), and samples of one half of
 * the exchange across them at most: with more languages, fewer servers get theirs, so that the
 * page's weight does not grow with the document (4 servers in 2 languages, 2 in 4).
 */
const MAX_SERVERS = 4;
const MAX_SAMPLES_ACROSS_SERVERS = 8;
const serversShown = (languages: number): number => Math.max(1, Math.min(MAX_SERVERS, Math.floor(MAX_SAMPLES_ACROSS_SERVERS / Math.max(1, languages))));
/** Languages that weigh as a program: a shell command is a few lines, not counted. */
const programLanguages = (languages: readonly SampleLanguage[]): number => languages.filter((l) => l !== 'shell').length;

/** The channel's servers past those with samples, named with their host and security, so that a reader of one knows what to change. */
function otherServersNote(ctx: Context, others: Resolved[]): string | undefined {
  if (others.length === 0) return undefined;
  const described = others.slice(0, MAX_OTHER_SERVERS).map((s) => {
    const types = resolvedList(ctx, s.value.security, sub(s.at, 'security')).flatMap((scheme) => (typeof scheme.type === 'string' ? [scheme.type] : []));
    const host = typeof s.value.host === 'string' ? s.value.host : '';
    return `${serverName(s)} (${[host, ...(types.length > 0 ? [`security ${types.join(', ')}`] : [])].filter((x) => x !== '').join(', ')})`;
  });
  const more = others.length > MAX_OTHER_SERVERS ? ` and ${others.length - MAX_OTHER_SERVERS} more` : '';
  return `The channel is also on ${described.join(', ')}${more}: to use ${others.length > 1 ? 'one' : 'it'}, change the host and the credentials.`;
}

const VERB: Record<SampleRole, string> = { publish: 'Send', subscribe: 'Receive' };

/**
 * The samples section of an operation, or undefined when no server of its channel speaks a
 * protocol with samples and the operation gives none of its own.
 */
export function samplesSection(
  ctx: Context,
  op: Record<string, unknown>,
  at: Location,
  languages: readonly SampleLanguage[] = SAMPLE_LANGUAGES,
): PageSection | undefined {
  const custom = customSamples(op);
  const channel = resolve(ctx, op.channel, sub(at, 'channel'));
  const m = merged(ctx, op, at);
  const bindings = (raw: unknown, where: Location): Record<string, unknown> => resolve(ctx, raw, where)?.value ?? {};
  const opBindings = bindings(m.value.bindings, sub(m.origin.bindings ?? at, 'bindings'));
  const servers = channel ? serversOf(ctx, channel) : [];
  const usable = servers.filter((s) => typeof s.value.protocol === 'string' && sampleProtocol(s.value.protocol) !== undefined);
  // No server at all: the protocol of the operation's or channel's bindings, on a host the reader fills in.
  const bound =
    channel && servers.length === 0
      ? Object.keys({ ...opBindings, ...bindings(channel.value.bindings, sub(channel.at, 'bindings')) }).find((p) => sampleProtocol(p))
      : undefined;
  const protocol = bound ?? (channel && servers.length === 0 ? protocolOfTitle(ctx.doc.root.value) : undefined);
  const placeholderServer: Resolved[] = usable.length === 0 && protocol && channel ? [{ value: { host: PLACEHOLDER_HOST, protocol }, at: channel.at }] : [];
  const shown = usable.length > 0 ? usable.slice(0, serversShown(programLanguages(languages))) : placeholderServer;
  const role: SampleRole | undefined = op.action === 'receive' ? 'publish' : op.action === 'send' ? 'subscribe' : undefined;
  const security = resolvedList(ctx, m.value.security, sub(m.origin.security ?? at, 'security')) as SecurityScheme[];

  /** The groups of one server: the request's half, and the reply's when there is one. */
  const serverGroups = (server: Resolved): SampleGroup[] => {
    const groups: SampleGroup[] = [];
    if (!channel || !role) return groups;
    const s = server.value;
    const serverInput = {
      host: typeof s.host === 'string' ? s.host : 'localhost',
      protocol: String(s.protocol),
      pathname: s.pathname,
      variables: resolvedMap(ctx, s.variables, sub(server.at, 'variables')) as Record<string, Variable>,
      security: resolvedList(ctx, s.security, sub(server.at, 'security')) as SecurityScheme[],
    };
    const half = (ch: Resolved, address: string, message: Resolved | undefined, r: SampleRole, messageRole: 'request' | 'reply') => {
      const carried = message ? exampleOf(ctx, message) : undefined;
      const example = carried ? withSampleHeaders(ctx, message!, carried) : { value: {}, bindings: {}, headerPlaceholders: [], madeUpHeaders: [] };
      const target = sampleTarget({
        role: r,
        server: serverInput,
        address,
        parameters: resolvedMap(ctx, ch.value.parameters, sub(ch.at, 'parameters')) as Record<string, Variable>,
        bindings: {
          operation: messageRole === 'request' ? opBindings : {},
          channel: bindings(ch.value.bindings, sub(ch.at, 'bindings')),
          message: example.bindings,
        },
        example: example.value,
        ...(example.contentType ? { contentType: example.contentType } : {}),
        security,
      });
      const descriptions = (map: Record<string, Record<string, unknown>>): [string, unknown][] => Object.entries(map).map(([name, v]) => [name, v.description]);
      const described = Object.fromEntries([
        ...descriptions(serverInput.variables as Record<string, Record<string, unknown>>),
        ...descriptions(resolvedMap(ctx, ch.value.parameters, sub(ch.at, 'parameters'))),
      ]);
      return {
        target,
        example: example.value,
        exampleTitle: example.title,
        headerPlaceholders: example.headerPlaceholders,
        madeUpHeaders: example.madeUpHeaders,
        described,
      };
    };
    const address = typeof channel.value.address === 'string' ? channel.value.address : '';
    const requestMessages = titledMessagesOf(ctx, op.messages, at, channel);
    const shownRequest = requestMessages.slice(0, MAX_MESSAGE_SAMPLES);
    const requestHalves = (shownRequest.length > 0 ? shownRequest : [undefined]).map((m) => ({
      title: m?.title ?? '',
      ...half(channel, address, m?.message, role, 'request'),
    }));
    const request = requestHalves[0]!;
    const moreRequest = requestMessages.length - shownRequest.length;
    const targets = (change: (t: SampleTarget) => SampleTarget = (t) => t): MessageTarget[] =>
      requestHalves.flatMap((h) =>
        h.target
          ? [{ title: h.title, target: change(h.target), example: h.exampleTitle, headerPlaceholders: h.headerPlaceholders, madeUpHeaders: h.madeUpHeaders }]
          : [],
      );
    if (request.target && languages.length > 0)
      groups.push(group(targets(), `${VERB[role]} on ${request.target.address || 'the server'}`, languages, request.described, moreRequest));
    const reply = op.reply !== undefined ? resolve(ctx, op.reply, sub(at, 'reply')) : undefined;
    // Over WebSocket the reply comes back on the connection that sent: the request's sample reads it.
    const sameConnection = request.target?.protocol === 'ws' && request.target.role === 'publish';
    if (reply && request.target && sameConnection && groups[0]) {
      groups.splice(
        0,
        1,
        group(
          targets((t) => ({ ...t, ws: { ...t.ws, awaitReply: true } })),
          `${groups[0].title} and read the reply`,
          languages,
          request.described,
          moreRequest,
        ),
      );
    } else if (reply && request.target) {
      const { replyChannel, replyAddress } = replyAddressOf(ctx, reply, request.example);
      const other: SampleRole = role === 'publish' ? 'subscribe' : 'publish';
      const replyMessages = titledMessagesOf(ctx, reply.value.messages, reply.at, replyChannel);
      const shownReply = replyMessages.slice(0, MAX_MESSAGE_SAMPLES);
      const answers =
        replyAddress !== undefined
          ? (shownReply.length > 0 ? shownReply : [undefined]).map((m) => ({
              title: m?.title ?? '',
              ...half(replyChannel ?? channel, replyAddress, m?.message, other, 'reply'),
            }))
          : [];
      const answer = answers[0];
      if (answer?.target && languages.length > 0)
        groups.push(
          group(
            answers.flatMap((a) =>
              a.target
                ? [{ title: a.title, target: a.target, example: a.exampleTitle, headerPlaceholders: a.headerPlaceholders, madeUpHeaders: a.madeUpHeaders }]
                : [],
            ),
            `${VERB[other]} the reply on ${answer.target.address}`,
            languages,
            answer.described,
            replyMessages.length - shownReply.length,
            'reply',
          ),
        );
    }
    return groups;
  };

  // A protocol read off the title is a guess: say so, so that nobody takes it for the document's word.
  const guessed =
    usable.length === 0 && !bound && protocol
      ? 'This API does not say which protocol or protocol version its server speaks: these samples use WebSocket over TLS (wss), as its title says.'
      : undefined;
  const note = usable.length > 0 ? otherServersNote(ctx, usable.slice(shown.length)) : guessed;
  const finish = (groups: SampleGroup[]): SampleGroup[] => {
    if (note && groups[0]) groups.splice(0, 1, { ...groups[0], notes: [...groups[0].notes, note] });
    if (custom.length > 0) {
      // A custom sample takes the place of the generated one in its language; the others are added.
      // The document's own samples are the operation's, not a message's: every message's tab shows them.
      const first = groups[0] ?? { title: 'Samples', samples: [], notes: [] };
      const withCustom = (samples: CodeSample[]): CodeSample[] =>
        [...custom, ...samples.filter((s) => !custom.some((c) => c.lang === s.lang))].slice(0, MAX_TABS);
      const messages = first.messages?.map((m) => ({ ...m, samples: withCustom(m.samples) }));
      groups.splice(0, 1, { ...first, samples: messages?.[0]?.samples ?? withCustom(first.samples), ...(messages ? { messages } : {}) });
    }
    return groups;
  };
  const perServer = (shown.length > 0 ? shown : [undefined]).map((server) => ({
    name: server ? serverName(server) : '',
    groups: finish(server ? serverGroups(server) : []),
  }));
  const groups = perServer[0]?.groups ?? [];
  if (groups.length === 0) return undefined;
  const withSamples = perServer.filter((s) => s.groups.length > 0);
  return {
    type: 'code-samples',
    heading: 'Code samples',
    anchor: 'samples',
    groups,
    ...(usable.length > 1 && withSamples.length > 1 ? { servers: withSamples } : {}),
  };
}
