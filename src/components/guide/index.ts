/** The components a guide can use without importing them (passed to every guide's Content). */
import ApiLink from './ApiLink.astro';
import MessageExample from './MessageExample.astro';
import OperationCard from './OperationCard.astro';
import SchemaTable from './SchemaTable.astro';
import SnsTopic from './SnsTopic.astro';

export const guideComponents = { ApiLink, MessageExample, OperationCard, SchemaTable, SnsTopic };
