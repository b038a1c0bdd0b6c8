/**
 * The operator's endpoints, outside `/api/v1` and the API document: `/healthz` (the process can answer),
 * `/readyz` (its dependencies answer: CONTRACT "Operations and limits"), `/metrics` (Prometheus text),
 * and the HTTP latency histogram every reply feeds.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

const hidden = { schema: { hide: true } };

export function registerOperatorRoutes(app: FastifyInstance, metrics: Metrics, readiness: () => Promise<Readiness>): void {
  // Stays 200 while the process can serve at all, whatever its dependencies do: a balancer or supervisor
  // that restarted on a database outage would only add restarts to the outage.
  app.get('/healthz', hidden, async () => ({ success: true, status: 'ok' }));

  app.get('/readyz', hidden, async (_req, reply) => {
    const ready = await readiness();
    return reply.status(ready.status === 'ok' ? 200 : 503).send({ success: ready.status === 'ok', ...ready });
  });

  app.get('/metrics', hidden, async (_req, reply) =>
    reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics()),
  );

  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      // The route pattern, never the URL: one series per route, whatever ids the paths carry.
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
