/** The guides, by id (src/site/guides-module.ts). */
declare module 'virtual:apidesc-guides' {
  import type { MarkdownHeading } from 'astro';
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const guides: Record<string, () => Promise<{ default: AstroComponentFactory; Content?: AstroComponentFactory; getHeadings?: () => MarkdownHeading[] }>>;
  export default guides;
}
