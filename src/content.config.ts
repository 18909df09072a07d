/**
 * The guides collection: Markdown and MDX pages from the guides folder the command line names
 * (src/site/guide-files.ts). Without one, the collection is empty.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { guideId } from './site/guide-refs.ts';
import { exactPatterns, guideFilesFromEnvironment } from './site/guide-files.ts';

const guides = guideFilesFromEnvironment();
const base = guides ? guides.dir.replace(/\/?$/, '/') : undefined;

export const collections = {
  guides: defineCollection({
    loader:
      guides && base && (guides.files === undefined || guides.files.length > 0)
        ? glob({ pattern: guides.files ? exactPatterns(guides.files) : ['**/[^_]*.md', '**/[^_]*.mdx'], base, generateId: ({ entry }) => guideId(entry) })
        : { name: 'no-guides', load: async () => {} },
  }),
};
