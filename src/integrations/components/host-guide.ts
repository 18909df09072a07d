/**
 * What the reference's components need in a host's own pages (apidesc-docs/components): the
 * reference the host's integration made (reference-store.ts), and the path its pages are served
 * under, so that they resolve and link as the standalone site's guide components do
 * (src/components/guide/resolve.ts).
 */
import { ReferenceStopped } from '../host/host-diagnostics.ts';
import { referenceRoot } from '../host/reference-routes.ts';
import { hostReferences } from '../host/reference-store.ts';
import { completeSite, type SiteSource } from '../../site/site-source.ts';
import type { GuideProps } from '../../components/guide/resolve.ts';

/** The props of a component in a host's page: the guide component's, and which reference when the host has several. */
export interface HostGuideProps extends Omit<GuideProps, 'host'> {
  /** The `base` of the apidescDocs() whose reference is meant, when the host adds several. */
  reference?: string;
}

const sources = new WeakMap<object, SiteSource>();

/** The reference `reference` names (the only one when it names none) as the guide components take it. */
export function hostGuide(reference: string | undefined, hostBase: string): NonNullable<GuideProps['host']> {
  const references = hostReferences();
  const found = reference === undefined && references.length === 1 ? references[0] : references.find((r) => r.base === reference?.replace(/^\/+|\/+$/g, ''));
  if (!found)
    throw new ReferenceStopped(
      references.length === 0
        ? 'A component of apidesc-docs/components is used, but the site has no reference: add apidescDocs() to its configuration.'
        : `The site has several references (${references.map((r) => r.base).join(', ')}): say which with reference="…".`,
    );
  let source = sources.get(found.site);
  if (!source) sources.set(found.site, (source = completeSite(found.site)));
  return { base: referenceRoot(hostBase, found).replace(/\/$/, ''), source };
}
