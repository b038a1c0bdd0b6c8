/**
 * A response serializer compiled by fast-json-stringify from a contract schema turned into JSON Schema: what
 * Fastify's own serializer does with a route's JSON Schema. The home feed sends through it without byte
 * splicing (Config.without `byteSplicing`), so the two can be measured against each other.
 */
import fastJson, { type ObjectSchema } from 'fast-json-stringify';
import { z, type ZodType } from 'zod';

/** `schema`'s serializer, compiled on its first use and only then: a server that never uses it pays nothing at boot. */
export function schemaSerializer<T extends object>(schema: ZodType<T>): (value: T) => string {
  // The overload for an object schema, whose serializer returns a string (the first one returns `any`).
  const compile: (schema: ObjectSchema) => (value: T) => string = fastJson;
  let compiled: ((value: T) => string) | undefined;
  return (value) => (compiled ??= compile(z.toJSONSchema(schema) as ObjectSchema))(value);
}
