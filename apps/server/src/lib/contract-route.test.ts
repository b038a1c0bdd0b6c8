import { API_PREFIX, operations, operationUrl, pathParamNames, type ErrorEnvelope } from '@plaza/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { contractRoute, enforceContractRoutes } from './contract-route';

const ANY_ID = '0192f0a1-0000-7000-8000-00000000000a';
const all = Object.values(operations);

function guardedApp() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  enforceContractRoutes(app);
  return app;
}

describe('routes from the contract', () => {
  const t = useTestApp('sqlite');

  it('registers every contract operation', () => {
    for (const op of all) expect(t.app.hasRoute({ method: op.method, url: API_PREFIX + op.path }), op.operationId).toBe(true);
  });

  it('refuses a route under /api/v1 that the contract lacks, or that moves an operation', async () => {
    const stray = guardedApp();
    await expect(stray.register(async (api) => void api.get('/posts/trending', async () => ({})), { prefix: API_PREFIX })).rejects.toThrow(
      /GET \/api\/v1\/posts\/trending is not an operation of @plaza\/contract/,
    );
    const moved = guardedApp();
    const getPostElsewhere = { schema: { operationId: operations.getPost.operationId } };
    await expect(
      moved.register(async (api) => void api.get('/posts/:postId/copy', getPostElsewhere, async () => ({})), { prefix: API_PREFIX }),
    ).rejects.toThrow(/not an operation/);

    const fine = guardedApp();
    // An error answer is typed and serialized with the envelope, like every declared error status.
    const gone = { success: false as const, error: 'Not Found', message: 'This post does not exist.' };
    await fine.register(
      async (api) => contractRoute(api, operations.getPost, { handler: async (_req, reply) => reply.status(404).send(gone) }),
      {
        prefix: API_PREFIX,
      },
    );
    fine.get('/elsewhere', async () => ({}));
    const res = await fine.inject({ method: 'GET', url: `${API_PREFIX}/posts/${ANY_ID}` });
    expect([res.statusCode, res.json()]).toEqual([404, gone]);
    await fine.close();
  });

  it('asks for a token on every operation the contract marks as authenticated, and on no other', async () => {
    for (const op of all) {
      // A public operation that takes nothing (the start of a passkey sign-in) has nothing to refuse.
      if (!op.auth && !['params', 'querystring', 'body', 'multipart'].some((k) => k in op)) continue;
      const params = Object.fromEntries(pathParamNames(op.path).map((name) => [name, name === 'actionType' ? 'send' : ANY_ID]));
      const res = await t.app.inject({
        method: op.method,
        url: API_PREFIX + operationUrl(op, params),
        payload: op.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, op.operationId).toBe(op.auth ? 401 : 400);
      expect(res.json<ErrorEnvelope>().success).toBe(false);
    }
  });

  it('documents every operation with its operationId, tag, security and error responses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { operationId: string; tags: string[]; responses: object; security?: unknown[] }>>;
    }>();
    const documented = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(documented).toHaveLength(all.length);
    for (const op of all) {
      const entry = doc.paths[API_PREFIX + op.path.replace(/:(\w+)/g, '{$1}')]?.[op.method.toLowerCase()];
      expect(entry?.operationId, op.operationId).toBe(op.operationId);
      expect(entry.tags).toEqual([...op.tags]);
      expect(Object.keys(entry.responses).map(Number)).toEqual([...Object.keys(op.responses).map(Number), ...op.errors].sort());
      expect(entry.security, op.operationId).toEqual(op.auth ? undefined : []);
    }
  });
});
