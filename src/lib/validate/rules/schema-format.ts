/**
 * SPEC Multi Format Schema Object: known `schemaFormat` values, schemas of recommended formats
 * that parse (Avro, OpenAPI 3.0, Protobuf, RAML), an info note for custom formats, and
 * Errors #10: a reference from a multi-format schema to a resource of another format.
 */
import { isPlainObject, isRefObject } from '../../resolve/resolved-doc.ts';
import { checkSchemaOfFormat, isNearMissFormat, sameFormat, schemaFormatKind, unlistedSchemaObjectReading } from '../../schema/schema-formats.ts';
import { fieldAt, problem, type Rule } from './rule.ts';

export const schemaFormatRule: Rule = {
  id: 'schema-format',
  description: 'schemas of Avro, OpenAPI, Protobuf and RAML formats parse; references keep the schema format (Errors #10)',
  run({ doc, index, report }) {
    for (const node of index.of('AnySchema')) {
      if (!('schemaFormat' in node.value) || typeof node.value.schemaFormat !== 'string') continue;
      const format = node.value.schemaFormat;
      const kind = schemaFormatKind(format);
      const schemaSite = fieldAt(node, 'schema');
      const target = doc.deref(node.value.schema, schemaSite);
      if (kind === 'custom') {
        const nearMiss = isNearMissFormat(format);
        const readable = unlistedSchemaObjectReading(format);
        if (readable) {
          // Pages read it as the listed Schema Object it evidently is; examples are not judged by that reading.
          report(
            problem(
              'schema-format-version',
              'warning',
              fieldAt(node, 'schemaFormat'),
              `"${format}" names version ${readable.version}, which is not a listed schema format: pages read the schema as ${readable.readAs}, and examples are not checked against it`,
              `Use ${readable.readAs === 'JSON Schema draft-07' ? 'application/schema+json;version=draft-07' : 'application/vnd.apidesc+json;version=3.0.0'} if the schema uses nothing of version ${readable.version}.`,
            ),
          );
          continue;
        }
        report(
          problem(
            nearMiss ? 'schema-format-version' : 'schema-format-custom',
            nearMiss ? 'warning' : 'info',
            fieldAt(node, 'schemaFormat'),
            nearMiss
              ? `"${format}" looks like a listed schema format with a version this tool does not know`
              : `custom schema format "${format}": the schema is shown as source and not checked`,
            nearMiss
              ? 'Use a listed value, e.g. application/vnd.apache.avro;version=1.9.0 or application/schema+json;version=draft-07.'
              : 'Nothing to fix if the format is intended.',
          ),
        );
        continue;
      }
      if (
        isRefObject(node.value.schema) &&
        target &&
        isPlainObject(target.value) &&
        typeof target.value.schemaFormat === 'string' &&
        !sameFormat(target.value.schemaFormat, format)
      ) {
        report(
          problem(
            'schema-format-mismatch',
            'error',
            fieldAt(schemaSite, '$ref'),
            `the reference points to a schema of format "${target.value.schemaFormat}", but this schema is "${format}"`,
            'Reference a resource of the same schemaFormat (SPEC, Errors #10).',
          ),
        );
        continue;
      }
      if (kind === 'apidesc' || !target) continue;
      // A reference to another Multi Format Schema Object (of the same format, checked above):
      // its own schema is checked where it is written.
      if (isRefObject(node.value.schema) && isPlainObject(target.value) && typeof target.value.schemaFormat === 'string' && 'schema' in target.value) continue;
      const reason = checkSchemaOfFormat(kind, target.value);
      if (reason) {
        report(
          problem(
            'schema-format-invalid',
            'error',
            target.at.pointer === schemaSite.pointer && target.at.file === schemaSite.file ? schemaSite : target.at,
            `the ${kind === 'openapi' ? 'OpenAPI 3.0' : kind === 'avro' ? 'Avro' : kind === 'raml' ? 'RAML' : 'Protocol Buffers'} schema is malformed: ${reason}`,
            `Fix the schema so that it parses as ${format}.`,
          ),
        );
      }
    }
  },
};
