/**
 * A security scheme's type in words (SPEC "Security Scheme Object": `type`), and the title of its
 * page: a scheme has no `title` field, so its key names it and its type follows ("partnerOAuth
 * (OAuth 2.0)"), or the title an `x-title` extension gives it. The key comes first because it is
 * the more particular of the two: a reader took "HTTP API key (sigv4)" for a claim that AWS's
 * signature is an API key, where "sigv4 (HTTP API key)" reads as the author's scheme and how it
 * travels.
 */
import { isPlainObject } from '../resolve/resolved-doc.ts';

export const SCHEME_TYPES: Readonly<Record<string, string>> = {
  userPassword: 'user name and password',
  apiKey: 'API key',
  X509: 'X.509 certificate',
  symmetricEncryption: 'symmetric encryption',
  asymmetricEncryption: 'asymmetric encryption',
  httpApiKey: 'API key in an HTTP request',
  http: 'HTTP authentication',
  oauth2: 'OAuth 2.0',
  openIdConnect: 'OpenID Connect',
  plain: 'SASL PLAIN',
  scramSha256: 'SASL SCRAM-SHA-256',
  scramSha512: 'SASL SCRAM-SHA-512',
  gssapi: 'SASL GSSAPI (Kerberos)',
};

/** Shorter words where a title (listed in the sidebar) would be long: the page says where the key goes. */
const TITLE_TYPES: Readonly<Record<string, string>> = { httpApiKey: 'HTTP API key' };

/** The scheme's page title; undefined for a value that is no scheme of a known type (its key stays the title). */
export function securitySchemeTitle(scheme: unknown, key: string): string | undefined {
  if (!isPlainObject(scheme)) return undefined;
  const own = scheme['x-title'];
  if (typeof own === 'string' && own.trim() !== '') return own.trim();
  const type =
    typeof scheme.type === 'string' && Object.hasOwn(SCHEME_TYPES, scheme.type) ? (TITLE_TYPES[scheme.type] ?? SCHEME_TYPES[scheme.type]!) : undefined;
  if (!type) return undefined;
  return `${key} (${type})`;
}
