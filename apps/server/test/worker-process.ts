/** `npm run worker` as a process of its own, for the suites that kill one mid-job. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestOverrides } from '../src/config';

const root = path.resolve(import.meta.dirname, '..');

/** Starts a worker on `env` (the shared database's) and resolves once it is ready; SIGKILL it to end it. */
export async function startWorkerProcess(env: Record<string, string>, overrides: Partial<TestOverrides> = {}): Promise<ChildProcess> {
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PLAZA_ROLE: 'worker',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PLAZA_TEST_OVERRIDES: JSON.stringify(overrides),
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the worker process did not start');
}
