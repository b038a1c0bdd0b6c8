/**
 * The OpenAPI document, generated from the contract's operations, served with its UI at /api/docs
 * (`npm run openapi` writes it to a file). Only the `/api/v1` operations are documented.
 */
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, API_TAGS, ERROR_DESCRIPTIONS, operations, type ErrorStatus, type Operation } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { enforceContractRoutes } from '../lib/contract-route';

type RouteTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type ObjectTransform = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

const operationsById = new Map<string, Operation>(Object.values(operations).map((op) => [op.operationId, op]));

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created' };

function responseDescription(op: Operation, status: number): string {
  const own = op.responseDescriptions?.[status];
  if (own) return own;
  if ((op.errors as readonly number[]).includes(status)) return ERROR_DESCRIPTIONS[status as ErrorStatus];
  return SUCCESS_DESCRIPTIONS[status] ?? 'Success';
}

/** Converts a route's zod schemas; adds the multipart form a route reads itself, and a description per response. */
const documentRoute: RouteTransform = (input) => {
  if (!input.url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url: input.url };
  const op = input.schema?.operationId ? operationsById.get(input.schema.operationId) : undefined;
  const schema = op?.multipart ? { ...input.schema, body: op.multipart } : input.schema;
  const out = jsonSchemaTransform({ ...input, schema });
  const responses = (out.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (op && responses) {
    for (const [status, response] of Object.entries(responses)) {
      // @fastify/swagger reads a description beside a `$ref`, and otherwise from this key, which it keeps out of the schema.
      response['$ref' in response ? 'description' : 'x-response-description'] = responseDescription(op, Number(status));
    }
  }
  return out;
};

/** Every `$ref` target under `node`. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else refsIn(value, found);
    }
  }
  return found;
}

/**
 * Adds the contract's named schemas (`.meta({ id })`) as components, keeping only those the document uses:
 * the zod transform offers an input and an output variant of each, and most exist only as output.
 */
const documentComponents: ObjectTransform = (input) => {
  const doc = jsonSchemaTransformObject(input) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return doc as ReturnType<ObjectTransform>;
  const used = refsIn({ ...doc, components: { ...doc.components, schemas: {} } }, new Set());
  for (let grew = true; grew;) {
    const before = used.size;
    for (const name of [...used]) refsIn(schemas[name], used);
    grew = used.size > before;
  }
  // `$schema` and `$id` are JSON Schema document keys that zod adds; inside an OpenAPI component they would only mislead.
  doc.components!.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => {
        const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
        return [name, rest];
      }),
  );
  return doc as ReturnType<ObjectTransform>;
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // The document describes the contract, so the API may hold nothing else.
  enforceContractRoutes(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plaza API',
        version: '1.0.0',
        description:
          'The HTTP API of Plaza, generated from the operations declared in `@plaza/contract`. Every error answers the ' +
          '`ErrorEnvelope`. Live events (messages, presence, typing, notifications) travel over socket.io at `/socket.io`.',
      },
      servers: [{ url: '/' }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: documentComponents,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
