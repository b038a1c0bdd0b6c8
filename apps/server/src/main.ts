/** Entry point: reads config, builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT. */
import { buildApp } from './app';
import { loadConfig, testOverrides } from './config';

const overrides = testOverrides(process.env.PLAZA_TEST_OVERRIDES);
const config = { ...loadConfig(), ...overrides };
const app = await buildApp(config);
if (overrides) app.log.warn({ overrides }, 'PLAZA_TEST_OVERRIDES is set: settings for test runs only are in effect');

// A promise nobody awaited is a bug to fix, not a reason to take every user of this node offline.
process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled promise rejection'));
process.on('uncaughtException', (err) => {
  app.log.fatal({ err }, 'uncaught exception: exiting');
  process.exit(1);
});

/** While closing, how often connections that finished their last request are closed. */
const IDLE_SWEEP_MS = 100;

let closing = false;
/**
 * A deploy's stop: stop accepting connections, close this node's sockets (their clients reconnect to
 * another node), let the requests in flight finish, then let go of the database and Redis, and exit 0.
 * Only a process that is still busy when the grace period ends exits 1.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown grace period over with work still open: exiting anyway');
    process.exit(1);
  }, config.shutdownGraceMs);
  force.unref();
  // A keep-alive connection whose request finishes after close() began would otherwise stay open until
  // its idle timeout (72 s), holding the close up long after the last request is done.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  sweep.unref();
  try {
    await app.close();
    app.log.info('shut down cleanly');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (config.role === 'worker')
  app.log.info(`Plaza worker: working the job queues (${app.ctx.jobs.engine}); /healthz, /readyz and /metrics on port ${config.port}`);
else
  app.log.info(
    `Plaza is serving on http://localhost:${config.port} (${app.ctx.dialect}${config.webDist ? '' : ', web app not built'}${config.role === 'web' ? ', no job workers: run `npm run worker`' : ''})`,
  );
