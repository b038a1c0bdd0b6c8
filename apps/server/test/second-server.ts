/** Another server on a suite's database (and Redis, when the suite has one): what one changes, the other must see. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildCountingApp, type TestApp } from './harness';

export function useSecondServer(t: TestApp): () => FastifyInstance {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildCountingApp(t.config);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => app;
}

/** Asks `read` until it holds, for at most `ms` (the relay between servers is asynchronous): whether it came to hold. */
export async function eventually(read: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!(await read())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}
