/**
 * Every object of the document by kind, reached the way the format defines (root maps,
 * components, and everything nested in them), with references followed. Each object appears
 * once per kind however many times it is referenced, and knows the path that first reached it
 * (`parent`), so rules and the model can ask "which channel holds this message?".
 * Schemas are walked through all their subschemas; a schema reached again (recursion) is
 * not walked twice.
 */
import type { Location } from '../diagnostics/diagnostic.ts';
import { childPointer, joinPointer } from '../json-pointer.ts';
import { PlaceSet } from './place-set.ts';
import { isPlainObject, isRefObject, type ResolvedDoc } from './resolved-doc.ts';
import { forEachSchemaChild } from './schema-walk.ts';

export type NodeKind =
  | 'Info'
  | 'Server'
  | 'ServerVariable'
  | 'Channel'
  | 'Parameter'
  | 'Operation'
  | 'OperationTrait'
  | 'OperationReply'
  | 'OperationReplyAddress'
  | 'Message'
  | 'MessageTrait'
  | 'MessageExample'
  | 'CorrelationId'
  | 'SecurityScheme'
  | 'Tag'
  | 'ExternalDocs'
  | 'ServerBindings'
  | 'ChannelBindings'
  | 'OperationBindings'
  | 'MessageBindings'
  | 'AnySchema'
  | 'Schema';

export interface DocNode {
  kind: NodeKind;
  value: Record<string, unknown>;
  /** Where the object is written. */
  at: Location;
  /** Where it was reached from: the Reference Object, or the object itself when inline. */
  site: Location;
  /** Map key or list index under which it was reached. */
  key: string;
  parent?: DocNode;
  /** True for objects reached from the root maps (servers, channels, operations) rather than components. */
  inRoot: boolean;
}

export class DocIndex {
  readonly #doc: ResolvedDoc;
  readonly #byKind = new Map<NodeKind, DocNode[]>();
  /** Each object indexed so far: as which kinds, at which places. */
  readonly #seen = new PlaceSet();

  constructor(doc: ResolvedDoc) {
    this.#doc = doc;
    this.#build();
  }

  of(kind: NodeKind): DocNode[] {
    return this.#byKind.get(kind) ?? [];
  }

  #build(): void {
    const root = this.#doc.root.value;
    if (!isPlainObject(root)) return;
    const at = (pointer: string): Location => ({ file: this.#doc.root.path, pointer });
    const rootNode: DocNode = { kind: 'Info', value: root, at: at(''), site: at(''), key: '', inRoot: true };
    // Breadth first with an explicit queue: documents may nest deeper than the call stack allows.
    // Everything the root maps reach is indexed before components, so `inRoot` is true for it.
    const queue: Pending[] = [['Info', root.info, at('/info'), 'info', rootNode, true]];
    for (const [mapName, kind] of [
      ['servers', 'Server'],
      ['channels', 'Channel'],
      ['operations', 'Operation'],
    ] as const) {
      for (const [key, value] of entries(root[mapName])) queue.push([kind, value, at(joinPointer('', mapName, key)), key, undefined, true]);
    }
    this.#drain(queue);
    queue.length = 0;
    const components = root.components;
    for (const [mapName, kind] of COMPONENT_MAPS) {
      const mapValue = isPlainObject(components) ? components[mapName] : undefined;
      for (const [key, value] of entries(mapValue)) queue.push([kind, value, at(joinPointer('', 'components', mapName, key)), key, undefined, false]);
    }
    this.#drain(queue);
  }

  #drain(queue: Pending[]): void {
    // Walked by index while it grows (shift() would make a large document quadratic).
    for (let i = 0; i < queue.length; i++) {
      const [kind, raw, site, key, parent, inRoot] = queue[i]!;
      const node = this.#visit(kind, raw, site, key, parent, inRoot);
      if (node) queueChildren(node, queue);
    }
  }

  #visit(kind: NodeKind, raw: unknown, site: Location, key: string, parent: DocNode | undefined, inRoot: boolean): DocNode | undefined {
    // Most visits are of inline objects: only a Reference Object needs following.
    const resolved = isRefObject(raw) ? this.#doc.deref(raw, site) : undefined;
    const value = resolved ? resolved.value : raw;
    const at = resolved ? resolved.at : site;
    if (!isPlainObject(value)) return undefined;
    // By the object, then by kind and place: see PlaceSet.
    if (!this.#seen.add(value, kind, at.file, at.pointer)) return undefined;
    const node: DocNode = { kind, value, at, site, key, inRoot };
    if (parent) node.parent = parent;
    let list = this.#byKind.get(kind);
    if (!list) this.#byKind.set(kind, (list = []));
    list.push(node);
    return node;
  }
}

type Pending = [NodeKind, unknown, Location, string, DocNode | undefined, boolean];

const COMPONENT_MAPS: [string, NodeKind][] = [
  ['schemas', 'AnySchema'],
  ['servers', 'Server'],
  ['channels', 'Channel'],
  ['operations', 'Operation'],
  ['messages', 'Message'],
  ['securitySchemes', 'SecurityScheme'],
  ['serverVariables', 'ServerVariable'],
  ['parameters', 'Parameter'],
  ['correlationIds', 'CorrelationId'],
  ['replies', 'OperationReply'],
  ['replyAddresses', 'OperationReplyAddress'],
  ['externalDocs', 'ExternalDocs'],
  ['tags', 'Tag'],
  ['operationTraits', 'OperationTrait'],
  ['messageTraits', 'MessageTrait'],
  ['serverBindings', 'ServerBindings'],
  ['channelBindings', 'ChannelBindings'],
  ['operationBindings', 'OperationBindings'],
  ['messageBindings', 'MessageBindings'],
];

const JSON_SCHEMA_FORMAT = /^application\/(vnd\.apidesc(\+json|\+yaml)?;\s*version=3\.0\.[0-9A-Za-z-]+|schema\+(json|yaml);\s*version=draft-07)$/;

export function isJsonSchemaFormat(format: unknown): boolean {
  return format === undefined || (typeof format === 'string' && JSON_SCHEMA_FORMAT.test(format));
}

/**
 * Queues what `node` holds, to visit next (reached from it). Called for every object of the
 * document: children go straight onto the queue, with their pointers built one token at a time.
 */
function queueChildren(node: DocNode, queue: Pending[]): void {
  const v = node.value;
  const { file, pointer } = node.at;
  const one = (kind: NodeKind, field: string): void => {
    if (v[field] !== undefined) queue.push([kind, v[field], { file, pointer: childPointer(pointer, field) }, field, node, node.inRoot]);
  };
  const many = (kind: NodeKind, field: string): void => {
    const container = v[field];
    if (container === undefined) return;
    const base = childPointer(pointer, field);
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) queue.push([kind, container[i], { file, pointer: `${base}/${i}` }, String(i), node, node.inRoot]);
    } else if (isPlainObject(container)) {
      for (const key of Object.keys(container)) queue.push([kind, container[key], { file, pointer: childPointer(base, key) }, key, node, node.inRoot]);
    }
  };
  const common = (bindings: NodeKind): void => {
    many('Tag', 'tags');
    one('ExternalDocs', 'externalDocs');
    one(bindings, 'bindings');
  };
  switch (node.kind) {
    case 'Info':
      many('Tag', 'tags');
      one('ExternalDocs', 'externalDocs');
      break;
    case 'Server':
      many('ServerVariable', 'variables');
      many('SecurityScheme', 'security');
      common('ServerBindings');
      break;
    case 'Channel':
      many('Message', 'messages');
      many('Parameter', 'parameters');
      common('ChannelBindings');
      break;
    case 'Operation':
      many('SecurityScheme', 'security');
      many('OperationTrait', 'traits');
      one('OperationReply', 'reply');
      common('OperationBindings');
      break;
    case 'OperationTrait':
      many('SecurityScheme', 'security');
      common('OperationBindings');
      break;
    case 'OperationReply':
      one('OperationReplyAddress', 'address');
      break;
    case 'Message':
    case 'MessageTrait':
      one('AnySchema', 'headers');
      one('AnySchema', 'payload');
      one('CorrelationId', 'correlationId');
      many('MessageExample', 'examples');
      if (node.kind === 'Message') many('MessageTrait', 'traits');
      common('MessageBindings');
      break;
    case 'Tag':
      one('ExternalDocs', 'externalDocs');
      break;
    case 'AnySchema':
      if ('schema' in v || 'schemaFormat' in v) {
        if (isJsonSchemaFormat(v.schemaFormat)) one('Schema', 'schema');
      } else {
        queue.push(['Schema', v, node.at, node.key, node, node.inRoot]);
      }
      break;
    case 'Schema':
      forEachSchemaChild(v, (child, keyword, key) => {
        const at = key === undefined ? childPointer(pointer, keyword) : childPointer(childPointer(pointer, keyword), key);
        queue.push(['Schema', child, { file, pointer: at }, key ?? keyword, node, node.inRoot]);
      });
      one('ExternalDocs', 'externalDocs');
      break;
    default:
      break;
  }
}

/** Entries of a map or list, as [key, value]; nothing for anything else. */
export function entries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (isPlainObject(value)) return Object.entries(value);
  return [];
}
