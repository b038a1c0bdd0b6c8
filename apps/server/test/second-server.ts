/** Another server on a suite's database (and Redis, when the suite has one): what one changes, the other must see. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { buildCountingApp, type TestApp } from './harness';

/** `change`: what this server's config has that the suite's has not (fast paths `without`, say). */
export function useSecondServer(t: TestApp, change: Partial<Config> = {}): () => FastifyInstance {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildCountingApp({ ...t.config, ...change });
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
