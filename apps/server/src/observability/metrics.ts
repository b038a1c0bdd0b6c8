/**
 * The Prometheus metrics of one app (`GET /metrics`), on a registry of its own so several apps in one
 * process (tests) never share counters. Parts of the server register what they measure here; a part
 * that needs a metric of its own creates it with `registers: [metrics.registry]`.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { version } from '../../package.json';

export interface Metrics {
  readonly registry: Registry;
  /** HTTP latency by method, route pattern and status. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Chat messages stored; Prometheus derives messages/s with rate(). */
  readonly messagesStored: Counter;
  /** Requests answered with an error, by cause (deadlock, serialization, timeout, unavailable, internal). */
  readonly errorsByCause: Counter<'cause'>;
  /** Requests received and not yet answered: a hung request shows here before it completes, if ever. */
  readonly inFlight: Gauge;
  /** Read at scrape time from whatever `gauge` was given (sockets connected, pool use, dependencies). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** The same with one label, one value per label value. */
  labelledGauge<L extends string>(
    name: string,
    help: string,
    label: L,
    read: () => Record<string, number> | Promise<Record<string, number>>,
  ): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process CPU, memory, handles, GC, and event-loop delay (nodejs_eventloop_lag_*), sampled every 10 ms.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

  const httpDuration = new Histogram({
    name: 'plaza_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const messagesStored = new Counter({
    name: 'plaza_chat_messages_total',
    help: 'Chat messages stored by this node',
    registers: [registry],
  });

  // Constant 1, labelled with what runs: a dashboard tells the nodes' versions apart during a rolling deploy.
  new Gauge({
    name: 'plaza_build_info',
    help: 'The Plaza version this node runs',
    labelNames: ['version'] as const,
    registers: [registry],
  }).set({ version }, 1);
  const errorsByCause = new Counter({
    name: 'plaza_errors_total',
    help: 'Requests answered with an error, by cause: deadlock, serialization, timeout, unavailable, internal',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'plaza_http_requests_in_flight',
    help: 'HTTP requests received and not yet answered',
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    messagesStored,
    errorsByCause,
    inFlight,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    labelledGauge(name, help, label, read) {
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [registry],
        async collect() {
          for (const [value, n] of Object.entries(await read())) this.set({ [label]: value } as Record<typeof label, string>, n);
        },
      });
    },
  };
}
