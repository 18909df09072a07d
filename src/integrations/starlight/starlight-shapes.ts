/**
 * The parts of Starlight's plugin API and route data this plugin uses, written as the shapes
 * Starlight documents (plugins reference, route data reference). Starlight's own type modules
 * declare its locals (`starlightRoute`, `t`) on every Astro page of the program that imports them,
 * which the standalone site's pages do not have: its types stay out of this package's program, and
 * a host's configuration still checks these shapes against Starlight's.
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';

/** A sidebar badge (Starlight's `Badge`). */
export interface SidebarBadge {
  text: string;
  variant: 'note' | 'danger' | 'success' | 'caution' | 'tip' | 'default';
}

/** A link of a page's sidebar (Starlight's route data `sidebar`). */
export interface SidebarLink {
  type: 'link';
  label: string;
  href: string;
  isCurrent: boolean;
  badge: SidebarBadge | undefined;
  attrs: Record<string, string | number | boolean | undefined>;
}

/** A group of a page's sidebar. */
export interface SidebarGroup {
  type: 'group';
  label: string;
  entries: SidebarEntry[];
  collapsed: boolean;
  badge: SidebarBadge | undefined;
}

export type SidebarEntry = SidebarLink | SidebarGroup;

/** What Starlight hands a plugin's `config:setup` hook (the parts used here). */
export interface StarlightSetup {
  addIntegration(integration: AstroIntegration): void;
  addRouteMiddleware(middleware: { entrypoint: string; order?: 'pre' | 'post' | 'default' }): void;
  astroConfig: { root: URL; srcDir: URL; base: string; site?: string | undefined };
  command: 'dev' | 'build' | 'preview' | 'sync';
  /** Starlight's configuration as the user wrote it (its `sidebar` and `locales` are read). */
  config: { sidebar?: unknown; locales?: Record<string, unknown> };
  logger: AstroIntegrationLogger;
}

/** A Starlight plugin (Starlight's `StarlightPlugin`). */
export interface StarlightPluginShape {
  name: string;
  hooks: { 'config:setup': (setup: StarlightSetup) => Promise<void> };
}
