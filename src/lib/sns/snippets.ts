/**
 * The commands that publish to a topic and subscribe to it, as text: `aws sns publish` with the
 * AWS SDK for JavaScript v3 (`PublishCommand`) and boto3 (`publish`) forms, and `aws sns
 * subscribe`. Values come quoted (snippet-quote.ts); message attributes are written in the
 * shape the Publish API takes (DataType String, Number or String.Array and StringValue).
 */
import { codeLines, codeString, jsonText, shellWord } from './snippet-quote.ts';

export interface Topic {
  /** The topic's ARN; parts the document does not give are placeholders such as <account-id>. */
  arn: string;
  region?: string;
  fifo: boolean;
  /** A FIFO topic that makes each message's deduplication id from its body: a publisher need not send one. */
  contentBasedDeduplication?: boolean;
}

/** Why the publish commands of a FIFO topic with content-based deduplication send no deduplication id (page and Markdown twin). */
export const DEDUPLICATION_NOTE =
  'The topic deduplicates by content: AWS makes each message’s deduplication id from its body, so these commands send none (add one only to deduplicate otherwise).';

/**
 * The publish commands' heading and lead on a page where this application publishes: the reader
 * receives (the page's Action says "You receive these messages"), so the commands are a test
 * the reader sends to themselves, said from their side as the Action is (page and Markdown twin).
 */
export const PUBLISH_HEADING = 'Send yourself a test message';
export const PUBLISH_LEAD = 'To see one arrive at your subscription, or to test its filter, send one to the topic yourself:';

export interface Publication {
  /** The message body as sent (JSON text, or text): a long JSON body on several lines, which each form writes as lines. */
  body: string;
  /**
   * The file the commands read the body from (`order-placed.json`), when the body is an example's
   * payload shown on the page already: the page offers that file (SnsPublishVariants.astro), and
   * the commands do not write the payload a second time.
   */
  bodyFile?: string;
  /** Attribute name → string, number or list of strings. */
  attributes: [string, unknown][];
  groupId?: string;
  deduplicationId?: string;
}

export function attributeValue(value: unknown): { DataType: string; StringValue: string } {
  if (Array.isArray(value)) return { DataType: 'String.Array', StringValue: JSON.stringify(value) };
  if (typeof value === 'number') return { DataType: 'Number', StringValue: String(value) };
  return { DataType: 'String', StringValue: typeof value === 'string' ? value : JSON.stringify(value) };
}

function attributesObject(attributes: [string, unknown][]): Record<string, { DataType: string; StringValue: string }> {
  const out: Record<string, { DataType: string; StringValue: string }> = {};
  for (const [name, value] of attributes)
    Object.defineProperty(out, name, { value: attributeValue(value), enumerable: true, writable: true, configurable: true });
  return out;
}

/** JSON on several lines, indented under its option (whitespace between JSON tokens changes nothing). */
function indented(json: string): string {
  return json.replaceAll('\n', '\n  ');
}

function lines(parts: string[]): string {
  return parts.join(' \\\n  ');
}

export function publishCli(topic: Topic, p: Publication): string {
  return lines([
    'aws sns publish',
    ...(topic.region ? [`--region ${shellWord(topic.region)}`] : []),
    `--topic-arn ${shellWord(topic.arn)}`,
    `--message ${p.bodyFile !== undefined ? shellWord(`file://${p.bodyFile}`) : shellWord(p.body)}`,
    ...(p.attributes.length > 0 ? [`--message-attributes ${shellWord(indented(jsonText(attributesObject(p.attributes))))}`] : []),
    ...(p.groupId !== undefined ? [`--message-group-id ${shellWord(p.groupId)}`] : []),
    ...(p.deduplicationId !== undefined ? [`--message-deduplication-id ${shellWord(p.deduplicationId)}`] : []),
  ]);
}

/** A property name in a JavaScript object literal: `['__proto__']` is a key, `'__proto__':` would set the prototype. */
function jsKey(name: string): string {
  if (name === '__proto__') return `['__proto__']`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : codeString(name);
}

export function publishJs(topic: Topic, p: Publication): string {
  const attributes = p.attributes.map(([name, value]) => {
    const a = attributeValue(value);
    return `      ${jsKey(name)}: { DataType: ${codeString(a.DataType)}, StringValue: ${codeString(a.StringValue)} },`;
  });
  return [
    ...(p.bodyFile !== undefined ? ["import { readFileSync } from 'node:fs';"] : []),
    "import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';",
    '',
    `const client = new SNSClient(${topic.region ? `{ region: ${codeString(topic.region)} }` : '{}'});`,
    'await client.send(',
    '  new PublishCommand({',
    `    TopicArn: ${codeString(topic.arn)},`,
    ...(p.bodyFile !== undefined
      ? [`    Message: readFileSync(${codeString(p.bodyFile)}, 'utf8'),`]
      : p.body.includes('\n')
        ? ['    Message:', `${codeLines(p.body, '      ', ' +')},`]
        : [`    Message: ${codeString(p.body)},`]),
    ...(attributes.length > 0 ? ['    MessageAttributes: {', ...attributes, '    },'] : []),
    ...(p.groupId !== undefined ? [`    MessageGroupId: ${codeString(p.groupId)},`] : []),
    ...(p.deduplicationId !== undefined ? [`    MessageDeduplicationId: ${codeString(p.deduplicationId)},`] : []),
    '  }),',
    ');',
  ].join('\n');
}

export function publishPython(topic: Topic, p: Publication): string {
  const attributes = p.attributes.map(([name, value]) => {
    const a = attributeValue(value);
    return `        ${codeString(name)}: {'DataType': ${codeString(a.DataType)}, 'StringValue': ${codeString(a.StringValue)}},`;
  });
  return [
    'import boto3',
    ...(p.bodyFile !== undefined ? ['from pathlib import Path'] : []),
    '',
    `sns = boto3.client('sns'${topic.region ? `, region_name=${codeString(topic.region)}` : ''})`,
    'sns.publish(',
    `    TopicArn=${codeString(topic.arn)},`,
    ...(p.bodyFile !== undefined
      ? [`    Message=Path(${codeString(p.bodyFile)}).read_text(encoding='utf-8'),`]
      : p.body.includes('\n')
        ? ['    Message=(', codeLines(p.body, '        ', ''), '    ),']
        : [`    Message=${codeString(p.body)},`]),
    ...(attributes.length > 0 ? ['    MessageAttributes={', ...attributes, '    },'] : []),
    ...(p.groupId !== undefined ? [`    MessageGroupId=${codeString(p.groupId)},`] : []),
    ...(p.deduplicationId !== undefined ? [`    MessageDeduplicationId=${codeString(p.deduplicationId)},`] : []),
    ')',
  ].join('\n');
}

export interface Subscription {
  protocol: string;
  endpoint: string;
  /** Subscription attributes in the order shown (FilterPolicy, FilterPolicyScope, …), each a string as the API takes it. */
  attributes: [string, string][];
}

export function subscribeCli(topic: Topic, s: Subscription): string {
  const attributes: Record<string, string> = {};
  for (const [name, value] of s.attributes) attributes[name] = value;
  const policies = s.attributes.some(([, value]) => jsonObject(value) !== undefined);
  return lines([
    'aws sns subscribe',
    ...(topic.region ? [`--region ${shellWord(topic.region)}`] : []),
    `--topic-arn ${shellWord(topic.arn)}`,
    `--protocol ${shellWord(s.protocol)}`,
    `--notification-endpoint ${shellWord(s.endpoint)}`,
    ...(s.attributes.length === 0
      ? []
      : policies
        ? [`--cli-input-yaml ${shellWord(indented(attributesYaml(s.attributes)))}`]
        : [`--attributes ${shellWord(indented(jsonText(attributes)))}`]),
    '--return-subscription-arn',
  ]);
}

/** The object a JSON attribute value holds (a filter, redrive or delivery policy), else undefined. */
function jsonObject(value: string): Record<string, unknown> | undefined {
  if (!value.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Subscription attributes as the CLI's YAML input (`--cli-input-yaml`, AWS CLI v2), where a
 * policy's JSON is written as JSON, in a block of its own: in the `--attributes` map each policy
 * is a string, its JSON escaped quote by quote (`"{\"total\":…}"`), which no reader reads. Other
 * values are JSON strings, which YAML reads as the strings they are ("true" stays a string).
 */
function attributesYaml(attributes: [string, string][]): string {
  const rows = attributes.map(([name, value]) => {
    const policy = jsonObject(value);
    if (policy === undefined) return `  ${name}: ${JSON.stringify(value)}`;
    return `  ${name}: |-\n${readableJson(policy).replace(/^/gm, '    ')}`;
  });
  return ['Attributes:', ...rows].join('\n');
}

/** A value on one line at most this long; longer, an object or list takes a line per entry. */
const INLINE_JSON = 48;

/** JSON as a person writes it: short values on one line (`[">", 0]`), longer ones a line per entry. */
function readableJson(value: unknown, indent = ''): string {
  const inline = oneLine(value);
  if (inline.length <= INLINE_JSON || typeof value !== 'object' || value === null) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + readableJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${readableJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`)
      .join(', ')} }`;
  return JSON.stringify(value) ?? 'null';
}
