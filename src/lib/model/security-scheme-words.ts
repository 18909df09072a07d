/**
 * A security scheme in words (SPEC "Security Scheme Object"): what a client sends and where
 * ("key in the HTTP header Authorization", "OAuth 2.0 access token"), and the title of its page:
 * a scheme has no `title` field, so its key names it and what it needs follows ("sigv4: key in the
 * HTTP header Authorization"), or the title an `x-title` extension gives it. Not the type's name
 * in brackets: readers took "sigv4 (HTTP API key)" for a claim that AWS's signature is an API
 * key, where the scheme only says which header carries what a client sends.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What each type needs from a client, where its fields do not say more. */
const NEEDS: Readonly<Record<string, string>> = {
  userPassword: 'user name and password',
  apiKey: 'API key',
  X509: 'X.509 client certificate',
  symmetricEncryption: 'symmetric encryption key',
  asymmetricEncryption: 'asymmetric encryption key pair',
  httpApiKey: 'key in an HTTP request',
  http: 'credentials in the HTTP header Authorization',
  oauth2: 'OAuth 2.0 access token',
  openIdConnect: 'OpenID Connect token',
  plain: 'user name and password (SASL PLAIN)',
  scramSha256: 'user name and password (SASL SCRAM-SHA-256)',
  scramSha512: 'user name and password (SASL SCRAM-SHA-512)',
  gssapi: 'Kerberos ticket (SASL GSSAPI)',
};

/** Where an HTTP key travels (`in`), as a reader names it. */
const KEY_PLACES: Readonly<Record<string, string>> = { header: 'HTTP header', query: 'query parameter', cookie: 'cookie' };

/**
 * What a client of the scheme sends and where, lower-case (it follows the scheme's key in its
 * title); the type itself for a type the format does not list.
 */
export function schemeNeeds(scheme: Record<string, unknown>): string {
  const type = text(scheme.type) ?? 'unknown';
  const where = text(scheme.in);
  if (type === 'httpApiKey' && text(scheme.name)) return `key in the ${(where && KEY_PLACES[where]) ?? 'HTTP header'} ${scheme.name}`;
  if (type === 'apiKey' && (where === 'user' || where === 'password')) return `API key as the ${where === 'user' ? 'user name' : 'password'}`;
  if (type === 'http') {
    const scheme_ = text(scheme.scheme)?.toLowerCase();
    if (scheme_ === 'bearer') return 'bearer token in the HTTP header Authorization';
    if (scheme_ === 'basic') return 'user name and password in the HTTP header Authorization (Basic)';
  }
  return Object.hasOwn(NEEDS, type) ? NEEDS[type]! : type;
}

/** The scheme's page title; undefined for a value that is no scheme of a known type (its key stays the title). */
export function securitySchemeTitle(scheme: unknown, key: string): string | undefined {
  if (!isPlainObject(scheme)) return undefined;
  const own = scheme['x-title'];
  if (typeof own === 'string' && own.trim() !== '') return own.trim();
  if (typeof scheme.type !== 'string' || !Object.hasOwn(NEEDS, scheme.type)) return undefined;
  return `${key}: ${schemeNeeds(scheme)}`;
}
