/**
 * Registers an HTTP route from its contract operation: method, URL, schemas (request, success and error
 * responses) and OpenAPI fields all come from `@plaza/contract`, so a route file only adds its handler,
 * hooks and rate limit. The handler stays typed through the zod type provider.
 */
import multipart from '@fastify/multipart';
import { API_PREFIX, errorEnvelopeSchema, LIMITS, operations, type ErrorStatus, type Operation } from '@plaza/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Field<Op, K extends string> = Op extends { [P in K]: infer S extends ZodType } ? S : undefined;

/** The Fastify schema of an operation, precise enough for the type provider to type the handler. */
interface ContractSchema<Op extends Operation> {
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  security?: ReadonlyArray<{ [label: string]: readonly string[] }>;
  consumes?: readonly string[];
  params: Field<Op, 'params'>;
  querystring: Field<Op, 'querystring'>;
  body: Field<Op, 'body'>;
  response: Op['responses'] & { [S in ErrorStatus]?: typeof errorEnvelopeSchema };
}

/** Everything of a route that is not in the contract: the handler, hooks (`onRequest: requireAuth`) and `config`. */
type ContractRouteOptions<Op extends Operation> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    ContractSchema<Op>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'schema'
>;

function contractSchema<Op extends Operation>(op: Op): ContractSchema<Op> {
  const response: Record<number, ZodType> = { ...op.responses };
  for (const status of op.errors) response[status] = errorEnvelopeSchema;
  const schema = {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    // The document requires a bearer token by default; the public operations say they need none.
    ...(op.auth ? {} : { security: [] }),
    // A multipart body is read part by part by its handler; the contract's form schema only documents it.
    ...(op.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(op.params ? { params: op.params } : {}),
    ...(op.querystring ? { querystring: op.querystring } : {}),
    ...(op.body ? { body: op.body } : {}),
    response,
  };
  // Absent request schemas are left out rather than set to undefined; the type says which ones exist.
  return schema as unknown as ContractSchema<Op>;
}

/** The most any form may hold; each upload route narrows it for its own parts. */
const MULTIPART_LIMITS = { fileSize: LIMITS.videoBytes, files: LIMITS.postImages, fields: 10, fieldSize: 64 * 1024 };

export function contractRoute<Op extends Operation>(app: FastifyInstance, op: Op, options: ContractRouteOptions<Op>): void {
  if (op.multipart) {
    // Multipart parsing is registered only around the routes that take a form: its hooks (two async ones
    // and a listener on every response) would otherwise run on every request the server answers.
    void app.register(async (forms) => {
      await forms.register(multipart, { limits: MULTIPART_LIMITS });
      addRoute(forms, op, options);
    });
    return;
  }
  addRoute(app, op, options);
}

function addRoute<Op extends Operation>(app: FastifyInstance, op: Op, options: ContractRouteOptions<Op>): void {
  app.withTypeProvider<ZodTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, ContractSchema<Op>>({
    ...options,
    method: op.method,
    url: op.path,
    schema: contractSchema(op),
  });
}

const operationsById = new Map<string, Operation>(Object.values(operations).map((op) => [op.operationId, op]));

/**
 * Refuses, when it is registered, any route under /api/v1 that is not a contract operation registered
 * through `contractRoute`, so the server's API cannot drift from the contract (the app fails to start).
 */
export function enforceContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const methods = [route.method].flat();
    // Fastify adds a HEAD twin to every GET route, with the same schema.
    if (methods.every((m) => m === 'HEAD')) return;
    const op = route.schema?.operationId ? operationsById.get(route.schema.operationId) : undefined;
    if (!op || `${API_PREFIX}${op.path}` !== route.url || methods.length !== 1 || methods[0] !== op.method) {
      throw new Error(
        `${methods.join(',')} ${route.url} is not an operation of @plaza/contract; declare it there and register it with contractRoute`,
      );
    }
  });
}
