/**
 * A server's connection as a reader copies it: its host and port with the variables filled in,
 * its protocol (and TLS), and how a client signs in. Made by the code samples' own connection
 * (src/lib/samples/sample-target.ts serverConnection), so that the server's page and its
 * operations' samples connect to the same place with the same environment variables; for a
 * protocol without samples (sns), the host and the security schemes' names. The one place the
 * server page gives these addresses (its facts keep the document's URL template).
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { type Credentials, fillTemplate, type SecurityScheme, serverConnection, type Variable } from '../samples/sample-target.ts';
import { hostPort } from '../samples/code-text.ts';
import { type Context, sub } from './page-context.ts';
import { resolvedList, resolvedMap } from './page-samples.ts';
import type { PageSection } from './page-types.ts';
import { securityViews } from './security-view.ts';
import { accountsInArns, awsResourceNote, awsServerView } from './aws-server.ts';

/** How the samples sign in, in words, with the variables they read. */
function credentialWords(c: Credentials): string {
  if (c.kind === 'user-password') return `user name and password from $${c.user} and $${c.password}${c.mechanism ? ` (${c.mechanism})` : ''}`;
  if (c.kind === 'client-certificate') return `client certificate from $${c.cert}, its key from $${c.key}, the CA from $${c.ca} (mutual TLS)`;
  if (c.kind === 'api-key') return `API key from $${c.variable}, in the ${c.in} ${c.in === 'header' ? 'field' : 'parameter'} ${c.name}`;
  return `token from $${c.variable} (Authorization: Bearer)`;
}

/** "The endpoint’s region…" after a row's name and a colon. */
function lowerFirst(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/** The lines of the block: names padded to one column, so that it reads as a table and copies as text. */
function block(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;
  return rows.map(([name, value]) => `${name.padEnd(width)}${value}`).join('\n');
}

/**
 * `sampled`: operations of the API use the server, so its code samples connect as this says
 * (a server only subscriptions point at has none to match).
 */
export function connectSection(ctx: Context, server: Record<string, unknown>, at: Location, sampled: boolean): PageSection | undefined {
  if (typeof server.host !== 'string' || typeof server.protocol !== 'string') return undefined;
  const variables = resolvedMap(ctx, server.variables, sub(at, 'variables')) as Record<string, Variable>;
  const security = resolvedList(ctx, server.security, sub(at, 'security')) as SecurityScheme[];
  const connection = serverConnection({ host: server.host, protocol: server.protocol, pathname: server.pathname, variables, security }, []);
  // Every scheme the server accepts (one is enough), then the variables the samples read the secret from.
  const schemes = securityViews(ctx, server.security, sub(at, 'security'));
  // An AWS service: the HTTPS endpoint its clients call, and how its resources are addressed (aws-server.ts).
  const aws = awsServerView(server.protocol, fillTemplate(server.host, variables), accountsInArns(ctx.doc.root.value));
  // The path under the host (an HTTP server's), filled in as the host is: the page gives the address nowhere else.
  const filledPath = typeof server.pathname === 'string' ? fillTemplate(server.pathname, variables) : '';
  const path = filledPath === '/' ? '' : filledPath;
  const rows: [string, string][] = [
    ['host', connection ? hostPort(connection.host, connection.port) : fillTemplate(server.host, variables)],
    ...(path !== '' ? [['path', path] as [string, string]] : []),
    ['protocol', `${server.protocol}${connection?.secure ? ' (TLS)' : ''}`],
    ...(aws
      ? ([
          ['endpoint', aws.endpoint],
          [aws.resource.row, aws.resource.template],
        ] as [string, string][])
      : []),
    ['auth', schemes.length === 0 ? 'none declared' : schemes.map((s) => `${s.name} (${s.kind})`).join(' or ')],
    ...(connection?.credentials ? [['credentials', credentialWords(connection.credentials)] as [string, string]] : []),
  ];
  const placeholders = connection?.placeholders ?? [];
  // How an AWS service's rows are formed, under the block: the page says these addresses nowhere else.
  const notes = aws
    ? [
        `endpoint: what the AWS CLI and SDKs call; ${server.protocol}:// names the protocol, not an address a client opens.`,
        `${aws.resource.row}: ${lowerFirst(awsResourceNote(server.protocol, aws))}`,
      ]
    : [];
  return {
    type: 'connect',
    heading: 'Connect',
    anchor: 'connect',
    intro: `${connection && sampled ? 'What the operations’ code samples connect to' : 'Where clients connect'}${isPlainObject(server.variables) && Object.keys(server.variables).length > 0 ? ', with each variable’s default' : ''}${placeholders.length > 0 ? ` (replace ${placeholders.join(', ')})` : ''}.`,
    code: block(rows),
    ...(notes.length > 0 ? { notes } : {}),
  };
}
