/**
 * Security schemes as a reader needs them (SPEC "Security Scheme Object", "OAuth Flows Object",
 * "Use of security declarations"): each alternative of a `security` list, inline or referenced,
 * with what it is (type and its fields in words) and, for OAuth 2.0, one table of its flows and
 * one list of its scopes, instead of nested key/value trees.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { renderMarkdown } from '../markdown/render-markdown.ts';
import { isPlainObject } from '../resolve/resolved-doc.ts';
import { sub, type Context } from './page-context.ts';
import { safeHref } from './page-values.ts';
import { schemeNeeds, securitySchemeTitle } from './security-scheme-words.ts';
import type { Link } from './types.ts';

export interface SecurityFlow {
  flow: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  /** The scopes this flow offers, by name. */
  scopes: string[];
}

export interface SecuritySchemeView {
  /** The component's name, or "inline" for a scheme written in place. */
  name: string;
  /**
   * A scheme of components: the name its page and the sidebar give it (securitySchemeTitle,
   * "sigv4: key in the HTTP header Authorization"), so that a reader meets one name for it everywhere.
   */
  title?: string;
  link?: Link;
  type: string;
  /** What a client sends and where, in words (schemeNeeds: "key in the HTTP header Authorization"). */
  kind: string;
  descriptionHtml?: string;
  /** Fields of its type: where the key goes, the HTTP scheme, the discovery URL, … (`code`: a name or value to show as code). */
  details: { label: string; value: string; href?: string; code?: boolean }[];
  flows: SecurityFlow[];
  /** Every scope the flows offer, once, with its description. */
  availableScopes: { name: string; description: string }[];
  /** Scopes this use of the scheme needs (`scopes`); absent: not said. */
  requiredScopes?: string[];
  /** Shown on its own page, whose title is its name: its card is headed by what it is, not by the name again. */
  onItsPage?: true;
  /** On its own page whose title starts with what it is ("OAuth 2.0 (partnerOAuth)"): its card has no head, the title says it once. */
  kindInTitle?: true;
  /**
   * On its own page: the servers and operations that require the scheme, which is where its
   * `scopes` must be granted (the page is no server's or operation's, so the card says whose).
   */
  requiredBy?: Link[];
}

const FLOWS: Record<string, string> = {
  implicit: 'implicit',
  password: 'password',
  clientCredentials: 'client credentials',
  authorizationCode: 'authorization code',
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Each alternative of a `security` list. */
export function securityViews(ctx: Context, security: unknown, at: Location): SecuritySchemeView[] {
  if (!Array.isArray(security)) return [];
  return security.flatMap((entry, i) => {
    const site = sub(at, i);
    const resolved = ctx.doc.deref(entry, site);
    if (!resolved || !isPlainObject(resolved.value)) return [];
    const link = ctx.locator.link(entry, site);
    const view = schemeView(resolved.value, link?.id ?? 'inline', link);
    const title = link ? securitySchemeTitle(resolved.value, link.id) : undefined;
    return [title ? { ...view, title } : view];
  });
}

/** One scheme, named `name`. */
export function schemeView(scheme: Record<string, unknown>, name: string, link?: Link): SecuritySchemeView {
  const type = text(scheme.type) ?? 'unknown';
  const details: SecuritySchemeView['details'] = [];
  // Where a key travels (an HTTP header, the user name, …) is in its kind, said once.
  if (type === 'http' && text(scheme.scheme)) details.push({ label: 'Authorization scheme', value: String(scheme.scheme), code: true });
  if (type === 'http' && text(scheme.bearerFormat)) details.push({ label: 'Bearer format', value: String(scheme.bearerFormat), code: true });
  const discovery = text(scheme.openIdConnectUrl);
  if (discovery) details.push({ label: 'Discovery URL', value: discovery, code: true, ...(safeHref(discovery) ? { href: safeHref(discovery)! } : {}) });
  const flows: SecurityFlow[] = [];
  const scopes = new Map<string, string>();
  if (isPlainObject(scheme.flows)) {
    for (const [key, flow] of Object.entries(scheme.flows)) {
      if (!isPlainObject(flow) || !Object.hasOwn(FLOWS, key)) continue;
      const offered = isPlainObject(flow.availableScopes) ? flow.availableScopes : {};
      for (const [scope, description] of Object.entries(offered)) if (!scopes.has(scope)) scopes.set(scope, typeof description === 'string' ? description : '');
      flows.push({
        flow: FLOWS[key]!,
        ...(text(flow.authorizationUrl) ? { authorizationUrl: String(flow.authorizationUrl) } : {}),
        ...(text(flow.tokenUrl) ? { tokenUrl: String(flow.tokenUrl) } : {}),
        ...(text(flow.refreshUrl) ? { refreshUrl: String(flow.refreshUrl) } : {}),
        scopes: Object.keys(offered),
      });
    }
  }
  const required = Array.isArray(scheme.scopes) ? scheme.scopes.filter((s): s is string => typeof s === 'string') : undefined;
  const description = text(scheme.description);
  return {
    name,
    ...(link ? { link } : {}),
    type,
    kind: schemeNeeds(scheme),
    ...(description ? { descriptionHtml: renderMarkdown(description) } : {}),
    details,
    flows,
    availableScopes: [...scopes].map(([scopeName, scopeDescription]) => ({ name: scopeName, description: scopeDescription })),
    ...(required ? { requiredScopes: required } : {}),
  };
}
