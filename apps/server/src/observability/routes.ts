/**
 * The operator's endpoints, outside `/api/v1` and the API document: `/healthz` (the process can answer),
 * `/readyz` (its dependencies answer: product.md § API conventions), `/metrics` (Prometheus text),
 * and the HTTP latency histogram every reply feeds.
 */
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

const hidden = { schema: { hide: true } };

export function registerOperatorRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  readiness: () => Promise<Readiness>,
  metricsToken: string | null = null,
): void {
  const wanted = metricsToken ? Buffer.from(`Bearer ${metricsToken}`) : null;
  const mayReadMetrics = (authorization: string | undefined) => {
    if (!wanted) return true;
    const given = Buffer.from(authorization ?? '');
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };

  // Stays 200 while the process can serve at all, whatever its dependencies do: a balancer or supervisor
  // that restarted on a database outage would only add restarts to the outage.
  app.get('/healthz', hidden, async () => ({ success: true, status: 'ok' }));

  app.get('/readyz', hidden, async (_req, reply) => {
    const ready = await readiness();
    return reply.status(ready.status === 'ok' ? 200 : 503).send({ success: ready.status === 'ok', ...ready });
  });

  app.get('/metrics', hidden, async (req, reply) => {
    // With METRICS_TOKEN set, a scraper must present it; without, the proxy is expected to keep it inside.
    if (!mayReadMetrics(req.headers.authorization))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, error: 'Unauthorized', message: 'Unauthorized' });
    return reply
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });

  // Counted until the answer is done or the client went away: a response emits 'close' once, after either.
  // One listener shared by every request, not a closure each: every chat send passes here.
  const answered = () => metrics.inFlight.dec();
  app.addHook('onRequest', (_req, reply, done) => {
    metrics.inFlight.inc();
    reply.raw.on('close', answered);
    done();
  });

  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpDuration.observe(
      // The route pattern, never the URL: one series per route, whatever ids the paths carry.
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
