/** The guides, by id (src/site/guides-module.ts). */
declare module 'virtual:apidesc-guides' {
  import type { AstroComponentFactory } from 'astro/runtime/server/index.js';
  const guides: Record<string, () => Promise<{ default: AstroComponentFactory; Content?: AstroComponentFactory }>>;
  export default guides;
}
