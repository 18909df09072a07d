/**
 * Validates example values against message schemas written in the document (with their
 * `$ref`s, across files, recursion included). Every loaded file is registered with ajv under
 * its own URL, so ajv resolves references itself, and each schema location compiles once.
 */
import { pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Schema as AvroSchema, Type as AvroType } from 'avsc';
import { lazyModule } from '../lazy-module.ts';
import type { Location } from '../diagnostics/diagnostic.ts';
import type { ResolvedDoc } from '../resolve/resolved-doc.ts';

const avro = lazyModule<typeof import('avsc')>('avsc');

function uriOf(file: string): string {
  return /^https?:/i.test(file) ? file : pathToFileURL(file).href;
}

function fragmentOf(pointer: string): string {
  return pointer.split('/').map((t) => encodeURIComponent(t.replaceAll('~1', '/').replaceAll('~0', '~')).replace(/%2F/g, '~1')).join('/');
}

export class ExampleValidator {
  readonly #ajv: Ajv;
  readonly #compiled = new Map<string, ValidateFunction | string>();
  /** The same, by the schema's file and text: generated and copied schemas repeat (a third of them at 100 channels). */
  readonly #compiledByContent = new Map<string, ValidateFunction | string>();
  readonly #avro = new Map<string, AvroType | string>();
  readonly #registered = new Set<string>();
  readonly #doc: ResolvedDoc;

  constructor(doc: ResolvedDoc) {
    this.#doc = doc;
    this.#ajv = new Ajv({ strict: false, logger: false, allErrors: false, validateSchema: false, addUsedSchema: false, inlineRefs: false });
    addFormats.default(this.#ajv);
  }

  /** Reasons the value does not match the JSON Schema `schema`, found at `schemaAt`; empty when it does. */
  jsonSchemaErrors(value: unknown, schema: unknown, schemaAt: Location): string[] {
    const validate = this.#compile(schema, schemaAt);
    if (typeof validate === 'string') return [];
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (\`${String(e.params.additionalProperty)}\`)` : e.keyword === 'enum' ? ` (${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})` : ''}`);
  }

  avroErrors(value: unknown, schema: unknown, schemaAt: Location): string[] {
    const key = `${schemaAt.file}#${schemaAt.pointer}`;
    let type = this.#avro.get(key);
    if (type === undefined) {
      try {
        type = avro().Type.forSchema(schema as AvroSchema);
      } catch (error) {
        type = String(error);
      }
      this.#avro.set(key, type);
    }
    if (typeof type === 'string') return [];
    const paths: string[] = [];
    type.isValid(value, { errorHook: (path) => paths.push('/' + path.join('/')) });
    return paths.slice(0, 5).map((p) => `${p === '/' ? '(root)' : p} does not match the Avro schema`);
  }

  #compile(schema: unknown, schemaAt: Location): ValidateFunction | string {
    const key = `${schemaAt.file}#${schemaAt.pointer}`;
    const hit = this.#compiled.get(key);
    if (hit !== undefined) return hit;
    // Equal text in the same file means the same schema: its `$ref`s resolve the same way.
    const contentKey = contentKeyOf(schema, schemaAt.file);
    const sameContent = contentKey === undefined ? undefined : this.#compiledByContent.get(contentKey);
    if (sameContent !== undefined) {
      this.#compiled.set(key, sameContent);
      return sameContent;
    }
    for (const file of this.#doc.files) {
      const uri = uriOf(file.path);
      if (this.#registered.has(uri)) continue;
      this.#registered.add(uri);
      if (typeof file.value === 'object' && file.value !== null) this.#ajv.addSchema(file.value as object, uri);
    }
    let result: ValidateFunction | string;
    try {
      result = this.#ajv.compile({ $ref: `${uriOf(schemaAt.file)}#${fragmentOf(schemaAt.pointer)}` });
    } catch (error) {
      // A schema ajv cannot compile is reported by the schema rules; examples are then not checked.
      result = error instanceof Error ? error.message : String(error);
    }
    this.#compiled.set(key, result);
    if (contentKey !== undefined) this.#compiledByContent.set(contentKey, result);
    return result;
  }
}

/** The schema's file and JSON text; none for a value JSON cannot write (a cycle made with YAML aliases). */
function contentKeyOf(schema: unknown, file: string): string | undefined {
  try {
    return `${file}\n${JSON.stringify(schema)}`;
  } catch {
    return undefined;
  }
}
