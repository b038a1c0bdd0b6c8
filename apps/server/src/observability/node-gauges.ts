/** The gauges an operator reads of one node's dependencies: its pool, what answers, and its schema. */
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';

interface NodeParts {
  poolUse: () => { max: number; total: number; idle: number; in_use: number; waiting: number };
  readiness: () => Promise<Readiness>;
  hasRedis: boolean;
  /** What the migrations left at this node's start (a later node's migrations show on that node). */
  schema: { applied: number; latest: string };
}

export function exportNodeGauges(metrics: Metrics, { poolUse, readiness, hasRedis, schema }: NodeParts): void {
  metrics.labelledGauge(
    'plaza_db_pool_connections',
    'Database connections of this process: max (the most it opens), total (open), idle, in_use, and waiting (requests waiting for one)',
    'state',
    poolUse,
  );
  metrics.labelledGauge(
    'plaza_dependency_up',
    'Whether the database, Redis and the media storage answer (1) or not (0)',
    'dependency',
    async () => {
      const { checks } = await readiness();
      return {
        database: Number(checks.database === 'up'),
        ...(hasRedis ? { redis: Number(checks.redis === 'up') } : {}),
        ...(checks.storage === 'absent' ? {} : { storage: Number(checks.storage === 'up') }),
      };
    },
  );
  metrics.labelledGauge(
    'plaza_schema_migrations',
    'Migrations the database had run when this node started, by the latest',
    'latest',
    () => ({
      [schema.latest]: schema.applied,
    }),
  );
}
