/**
 * The Node flags the server runs with, computed on the host it starts on (docs/deploy.md, "Node flags
 * for the host"). V8 reads them only when a process starts, so `serve` starts the server as a child
 * process with them.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

/** Node's own pool size on any machine (docs/decisions/gc-helper-threads.md). */
const NODE_POOL_SIZE = 4;
/** Below this much memory the young generation keeps V8's default (docs/decisions/young-generation.md). */
const SEMI_SPACE_MIN_MEMORY = 2 * 1024 ** 3;
const SEMI_SPACE_MB = 32;

/**
 * `--v8-pool-size`: a helper thread for each core, up to Node's four (more helpers than cores take the
 * event loop's core at every collection). `--max-semi-space-size=32` where memory allows it. A flag the
 * operator already gives in NODE_OPTIONS is left to them.
 */
export function nodeFlags({
  cores = os.availableParallelism(),
  memoryBytes = os.totalmem(),
  nodeOptions = process.env.NODE_OPTIONS ?? '',
} = {}) {
  const flags = [`--v8-pool-size=${Math.max(1, Math.min(cores, NODE_POOL_SIZE))}`];
  if (memoryBytes >= SEMI_SPACE_MIN_MEMORY) flags.push(`--max-semi-space-size=${SEMI_SPACE_MB}`);
  const given = new Set(nodeOptions.split(/\s+/).map((word) => word.split('=')[0].replaceAll('_', '-')));
  return flags.filter((flag) => !given.has(flag.split('=')[0]));
}

/**
 * Runs `entry` in a Node process with the host's flags, and ends as it ends. A stop signal sent to this
 * process (by a supervisor, or Ctrl-C) reaches the server, which shuts down gracefully.
 */
export function serve(entry, flags = nodeFlags()) {
  const child = spawn(process.execPath, [...flags, entry], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
