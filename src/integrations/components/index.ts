/**
 * `apidesc-docs/components`: the reference's parts in a host site's own MDX pages, by a JSON
 * pointer into the document, as in the standalone site's guides. The host's build checks every
 * `ref` when it starts (host/mdx-refs.ts) and stops on one that does not resolve.
 *
 *   import { SchemaTable } from 'apidesc-docs/components';
 *   <SchemaTable ref="#/components/schemas/Order" />
 */
import ApiLink from './ApiLink.astro';
import MessageExample from './MessageExample.astro';
import OperationCard from './OperationCard.astro';
import SchemaTable from './SchemaTable.astro';
import SnsTopic from './SnsTopic.astro';

export { ApiLink, MessageExample, OperationCard, SchemaTable, SnsTopic };
