// Trunk's v2 OpenAPI document (the simulator's copy) as validators, for the simulator's tests:
// the schema of an operation's answer for a status, or of a named component, and the problems a
// body has against one. OpenAPI 3.1's schemas are JSON Schema 2020-12.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

type Json = Record<string, unknown>;
interface Operation {
  get: { responses: Record<string, { content?: Record<string, { schema: Json }> }> };
}
const doc = JSON.parse(readFileSync(new URL('../../simulator/trunk-openapi-v2.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Operation>;
};

// Not strict: the document also carries OpenAPI's own `example` keyword, which is not JSON Schema's.
export const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc, 'trunk-v2');

// Compiled once each: a test asks for the same schema for every body it checks, and ajv knows a
// schema again only by the object, which each call here makes anew.
const compiled = new Map<string, ValidateFunction>();

/** The validator of one operation's response for one status, as the document declares it. */
export function responseSchema(path: string, status: number, type = 'application/json'): ValidateFunction {
  const key = `${path} ${status} ${type}`;
  let validate = compiled.get(key);
  if (!validate) {
    const declared = doc.paths[path]?.get.responses[String(status)]?.content?.[type]?.schema;
    if (!declared) throw new Error(`the document declares no ${status} ${type} answer for GET ${path}`);
    // Its references point into the document, which ajv holds as trunk-v2.
    validate = ajv.compile(JSON.parse(JSON.stringify(declared).replaceAll('"#/', '"trunk-v2#/')) as Json);
    compiled.set(key, validate);
  }
  return validate;
}

/** The validator of one of the document's components, by name (`ErrorResponse`). */
export const componentSchema = (name: string): ValidateFunction =>
  ajv.compile({ $ref: `trunk-v2#/components/schemas/${name}` });

/** The problems a validator found, as readable lines (empty: the body fits). */
export function problems(validate: ValidateFunction, body: unknown): string[] {
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
