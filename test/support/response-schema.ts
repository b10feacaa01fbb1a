import fs from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from './database';

/**
 * Checks REST answers against openapi.json (the document the service publishes, written once per
 * jest run by the global setup): the status must be one the document declares for the operation,
 * and a JSON body must match the schema it declares for that status. `call` runs it on every answer,
 * the fuzz test on its own; so the published document cannot drift from what the server sends.
 * With RESPONSE_CHECK_LOG=<file>, `call` appends what it finds to the file (with the test's name)
 * instead of failing: one run of the whole suite then lists every drift at once.
 */

type Schema = Record<string, any>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Template {
  path: string;
  pattern: RegExp;
  /** literal segments: of two templates that match, the one with more literal segments names the route */
  literals: number;
  methods: Record<string, Operation>;
}

/** OpenAPI 3.0's `nullable` (which ajv takes only beside `type`) as JSON Schema. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'xml' || key === 'example') continue;
    out[key] = key === '$ref' ? String(value).replace('#/components/', 'doc#/components/') : toJsonSchema(value);
  }
  if (out.nullable === true) {
    delete out.nullable;
    // beside allOf (a nullable VO-valued field: `{type: object, allOf: [$ref], nullable}`) null must pass the alternative, not the $ref
    if (typeof out.type === 'string' && !out.allOf) out.type = [out.type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

let loaded: { templates: Template[]; ajv: Ajv } | undefined;
const validators = new Map<string, ValidateFunction | null>();

function load() {
  if (loaded) return loaded;
  const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Document;
  const ajv = new Ajv({ strict: false, allErrors: false, logger: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: 'doc', components: toJsonSchema(doc.components) });
  const templates = Object.entries(doc.paths).map(([path, methods]) => ({
    path,
    pattern: new RegExp(`^/restapi${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
    literals: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
    methods,
  }));
  return (loaded = { templates, ajv });
}

/** The documentation itself, and paths outside the REST surface, are not checked. */
const UNCHECKED = /^\/restapi\/(openapi\.json|api-docs(\/|$)|api\/doc)/;

/**
 * What in this answer openapi.json does not declare, or undefined when it fits (or is no answer of
 * a documented operation: an unknown path, a method the path does not have).
 */
export function undeclaredInAnswer(method: string, pathAndQuery: string, status: number, contentType: string | null, text: string): string | undefined {
  const path = pathAndQuery.split('?')[0];
  if (!path.startsWith('/restapi/') || UNCHECKED.test(path)) return undefined;
  const { templates, ajv } = load();
  const template = templates
    .filter((candidate) => candidate.pattern.test(path) && candidate.methods[method.toLowerCase()])
    .sort((a, b) => b.literals - a.literals)[0];
  if (!template) return undefined;
  const operation = template.methods[method.toLowerCase()];
  const declared = operation.responses[String(status)];
  const label = `${method.toUpperCase()} ${template.path}`;
  if (!declared) return `${label}: status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`;
  if (!text || !contentType?.startsWith('application/json')) return undefined;
  const id = `${label} ${status}`;
  if (!validators.has(id)) {
    const schema = declared.content?.['application/json']?.schema;
    validators.set(id, schema ? ajv.compile(toJsonSchema(schema) as Schema) : null);
  }
  const validate = validators.get(id)!;
  if (!validate) return `${label}: status ${status} declares no JSON body, the answer has one: ${text.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${label}: status ${status} answered application/json that is not JSON: ${text.slice(0, 200)}`;
  }
  return validate(body) ? undefined : `${label}: status ${status}: ${ajv.errorsText(validate.errors)}: ${text.slice(0, 300)}`;
}
