/**
 * Step 2 of validation: the semantic rules, one per file. Each rule sees the whole document
 * (references resolved on demand) and reports problems; a rule that throws is a bug, reported
 * as such without stopping the others.
 */
import type { Problem } from '../../diagnostics/diagnostic.ts';
import { DocIndex } from '../../resolve/doc-index.ts';
import type { ResolvedDoc } from '../../resolve/resolved-doc.ts';
import { absoluteUrlsRule } from './absolute-urls.ts';
import { channelAddressRule } from './channel-address.ts';
import { correlationIdsRule } from './correlation-ids.ts';
import { discriminatorRule } from './discriminator.ts';
import { emailRule } from './email.ts';
import { examplesRule } from './examples.ts';
import { markdownDepthRule } from './markdown-depth.ts';
import { mediaTypesRule } from './media-types.ts';
import { operationMessagesRule } from './operation-messages.ts';
import { replyAddressRule } from './reply-address.ts';
import { rootPointersRule } from './root-pointers.ts';
import type { Rule } from './rule.ts';
import { runtimeExpressionsRule } from './runtime-expressions.ts';
import { schemaDefaultRule } from './schema-default.ts';
import { schemaExamplesRule } from './schema-examples.ts';
import { schemaFormatRule } from './schema-format.ts';
import { securityRule } from './security.ts';
import { serverVariablesRule } from './server-variables.ts';
import { snsFilterRule } from './sns-filter.ts';
import { snsLintRule } from './sns-lint.ts';
import { snsOperationRule } from './sns-operation.ts';
import { snsTopicNameRule } from './sns-topic-name.ts';
import { versionRule } from './version.ts';

export const rules: Rule[] = [
  versionRule,
  absoluteUrlsRule,
  emailRule,
  channelAddressRule,
  rootPointersRule,
  operationMessagesRule,
  replyAddressRule,
  runtimeExpressionsRule,
  correlationIdsRule,
  mediaTypesRule,
  discriminatorRule,
  schemaDefaultRule,
  schemaFormatRule,
  examplesRule,
  schemaExamplesRule,
  serverVariablesRule,
  securityRule,
  snsOperationRule,
  snsLintRule,
  snsTopicNameRule,
  snsFilterRule,
  markdownDepthRule,
];

export function runRules(doc: ResolvedDoc, selected: Rule[] = rules): Problem[] {
  const problems: Problem[] = [];
  const index = new DocIndex(doc);
  for (const rule of selected) {
    try {
      rule.run({ doc, index, report: (p) => problems.push(p) });
    } catch {
      // The exception's text is for the tool's developers, not for the reader of a diagnostic (issue 33).
      problems.push({
        code: 'internal-rule-error',
        severity: 'error',
        message: `the check "${rule.id}" (${rule.description}) stopped on something in this document it did not expect, so the document was not checked against it`,
        hint: 'This is a bug in apidesc-docs: please report it with the document. The other checks ran.',
        at: { file: doc.root.path, pointer: '' },
      });
    }
  }
  return problems;
}
