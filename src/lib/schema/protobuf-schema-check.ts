/**
 * What is wrong with a Protocol Buffers schema, in this tool's words (issue 33: a diagnostic is
 * written for a person, never a library's error text). protobufjs parses; its refusals name a line
 * and the token or the message concerned, which are kept; its wording is not ("illegal end of
 * input 'null'"), and a refusal it words in a way not foreseen here is said without its text.
 */
import { lazyModule } from '../../perf/lazy-module.ts';

const protobuf = lazyModule<typeof import('protobufjs')>('protobufjs');

/** Parses `source` as protobufjs does for the pages; the first problem, or undefined when it parses. */
export function protobufSchemaProblem(source: unknown, options: { resolveTypes?: boolean } = {}): string | undefined {
  if (typeof source !== 'string') return 'a Protocol Buffers schema must be written inline as a string';
  try {
    const { root } = protobuf().parse(source, { keepCase: true });
    if (options.resolveTypes) root.resolveAll();
    return undefined;
  } catch (error) {
    return describeProtobufError(error instanceof Error ? error.message : '');
  }
}

/** What one of protobufjs's messages means. */
export function describeProtobufError(message: string): string {
  const line = /\(line (\d+)\)$/.exec(message)?.[1];
  const at = line ? `line ${line} of the schema: ` : '';
  let m: RegExpExecArray | null;
  if ((m = /^illegal token '(.*)', '(.*)' expected/.exec(message))) return `${at}\`${m[1]}\` where \`${m[2]}\` was expected`;
  if (/^illegal end of input/.test(message)) return `${at}the schema ends too early (a \`}\` or a \`;\` is missing)`;
  if ((m = /^illegal token '(.*)'/.exec(message))) return `${at}\`${m[1]}\` is not allowed here`;
  if ((m = /^illegal (id|name|type|value|string|number|option|reference) '(.*)'/.exec(message)))
    return `${at}\`${m[2]}\` is not a valid ${m[1] === 'id' ? 'field number' : m[1]}`;
  if ((m = /^duplicate id (\d+) in (?:Type|Enum) \.?(\S+)/.exec(message))) return `\`${m[2]}\` uses the field number ${m[1]} twice`;
  if ((m = /^duplicate name '(.*)' in (?:Type|Enum|Namespace|Service|Root) \.?(\S*)/.exec(message)))
    return `${m[2] ? `\`${m[2]}\`` : 'the schema'} defines \`${m[1]}\` twice`;
  if ((m = /^id (\d+) is reserved in (?:Type|Enum) \.?(\S+)/.exec(message))) return `\`${m[2]}\` uses the field number ${m[1]}, which it reserves`;
  if ((m = /^name '(.*)' is reserved in (?:Type|Enum) \.?(\S+)/.exec(message))) return `\`${m[2]}\` uses the name \`${m[1]}\`, which it reserves`;
  if ((m = /^no such (?:Type or Enum|type) '(.*)' in (?:Type|Enum|Service) \.?(\S+)/.exec(message)))
    return `\`${m[2]}\` uses the type \`${m[1]}\`, which the schema does not define`;
  return `${at}the schema could not be read as Protocol Buffers (proto2 or proto3)`;
}
