/** The guides, by id (src/site/guides-module.ts). */
declare module 'virtual:apidesc-guides' {
  import type { MarkdownHeading } from 'astro';
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const guides: Record<string, () => Promise<{ default: AstroComponentFactory; Content?: AstroComponentFactory; getHeadings?: () => MarkdownHeading[] }>>;
  export default guides;
}

/** The layout of a plain Astro host's reference pages (src/integrations/astro/layout-module.ts). */
declare module 'virtual:apidesc-docs/layout' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const Layout: AstroComponentFactory;
  export default Layout;
}
