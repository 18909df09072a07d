/**
 * Descriptions (CommonMark) and summaries nested deeper than the site renders as Markdown:
 * block quotes, lists or emphasis more than MAX_MARKDOWN_NESTING levels deep are shown as plain
 * text (src/lib/markdown/render-markdown.ts), so the author is told, at the field.
 * Every object of the document is looked at, and what bindings hold at any depth (the site
 * shows any `description` in them).
 */
import type { Location } from '../../diagnostics/diagnostic.ts';
import type { NodeKind } from '../../resolve/doc-index.ts';
import { childPointer } from '../../json-pointer.ts';
import { isPlainObject } from '../../resolve/resolved-doc.ts';
import { MAX_MARKDOWN_NESTING, markdownNesting } from '../../markdown/markdown-nesting.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

const KINDS: NodeKind[] = [
  'Info',
  'Server',
  'ServerVariable',
  'Channel',
  'Parameter',
  'Operation',
  'OperationTrait',
  'OperationReply',
  'OperationReplyAddress',
  'Message',
  'MessageTrait',
  'MessageExample',
  'CorrelationId',
  'SecurityScheme',
  'Tag',
  'ExternalDocs',
  'AnySchema',
  'Schema',
];
const BINDINGS: NodeKind[] = ['ServerBindings', 'ChannelBindings', 'OperationBindings', 'MessageBindings'];
const FIELDS = ['description', 'summary'] as const;

export const markdownDepthRule: Rule = {
  id: 'markdown',
  description: `descriptions nest block quotes, lists and emphasis at most ${MAX_MARKDOWN_NESTING} levels deep (else shown as plain text)`,
  run({ index, report }) {
    const seen = new Set<string>();
    const check = (at: Location, value: unknown, field: string): void => {
      if (typeof value !== 'string') return;
      const key = `${at.file}#${at.pointer}`;
      if (seen.has(key)) return;
      seen.add(key);
      const depth = markdownNesting(value, MAX_MARKDOWN_NESTING);
      if (depth <= MAX_MARKDOWN_NESTING) return;
      report(
        problem(
          'markdown-too-deep',
          'warning',
          at,
          `the ${field} nests block quotes, lists or emphasis more than ${MAX_MARKDOWN_NESTING} levels deep; the site shows it as plain text`,
          `Flatten the ${field}: Markdown nested this deeply is not rendered (a few levels of quotes or lists are plenty).`,
        ),
      );
    };
    for (const kind of KINDS) {
      for (const node of index.of(kind)) for (const field of FIELDS) check(fieldAt(node, field), node.value[field], field);
    }
    for (const kind of BINDINGS) {
      for (const node of index.of(kind)) {
        // Iterative: the values of bindings may nest as deep as the loader allows.
        const stack: [Record<string, unknown>, string][] = [[node.value, node.at.pointer]];
        while (stack.length > 0) {
          const [value, pointer] = stack.pop()!;
          for (const key of Object.keys(value)) {
            const child = value[key];
            const at = { file: node.at.file, pointer: childPointer(pointer, key) };
            if (key === 'description') check(at, child, 'description');
            else if (isPlainObject(child)) stack.push([child, at.pointer]);
            else if (Array.isArray(child)) {
              child.forEach((item, i) => {
                if (isPlainObject(item)) stack.push([item, childPointer(at.pointer, String(i))]);
              });
            }
          }
        }
      }
    }
  },
};
