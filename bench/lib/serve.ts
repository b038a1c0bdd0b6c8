/**
 * The Plaza server as the HTTP benchmarks run it: a process of its own, configured from its environment
 * like `npm start` (production mode, logger off), so the benchmark's own work never shares its event
 * loop and its CPU time is its own. Driven over IPC by `startServer` (server-process.ts).
 */
import { buildApp, loadConfig, testOverrides } from '../../apps/server/src/for-benchmarks';
import { answerConductor } from './serve-ipc';

// PLAZA_TEST_OVERRIDES as `npm start` reads it: an A/B turns a fast path off with `without`.
const config = { ...loadConfig(), ...testOverrides(process.env.PLAZA_TEST_OVERRIDES) };
const app = await buildApp(config, { logger: false });
// PORT when it is given (a machine shared by several runs hands each its own ports), else any free one.
await app.listen({ port: process.env.PORT ? config.port : 0, host: '127.0.0.1' });
answerConductor(app);
