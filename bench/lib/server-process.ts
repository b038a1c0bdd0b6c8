/**
 * Starts the real server for a benchmark as it is served: its own process, `NODE_ENV=production`
 * (no response validation, no pretty logging), configured through the environment only. With
 * PROFILE_DIR set, the server writes a CPU profile into `PROFILE_DIR/<name>/` when it stops (`node --cpu-prof`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags } from './node-flags';

export interface ServerProcess {
  origin: string;
  /** The server's CPU time so far, µs (user + system). */
  cpuMicros(): Promise<number>;
  stop(): Promise<void>;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export interface StartOptions {
  /**
   * The root of another checkout of Plaza whose server to start instead of this one's: an A/B of two
   * versions in one run, so both see the same minute of a shared machine.
   */
  checkout?: string;
  /** Another server script speaking serve.ts's messages (a bare baseline). */
  script?: string;
}

export async function startServer(
  env: Record<string, string>,
  name = 'server',
  { checkout, script }: StartOptions = {},
): Promise<ServerProcess> {
  const profileDir = process.env.PROFILE_DIR;
  const serve = script ?? (checkout ? path.join(path.resolve(checkout), 'bench/lib/serve.ts') : path.join(here, 'serve.ts'));
  const child: ChildProcess = fork(serve, [], {
    ...(checkout ? { cwd: path.resolve(checkout) } : {}),
    // One directory per server: node writes a profile for the main thread (the largest) and one for tsx's loader.
    // The flags `npm start` gives the server, for a baseline too (node-flags.ts).
    execArgv: [
      '--import',
      'tsx',
      ...serverNodeFlags(),
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`] : []),
    ],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (msg: { type: string } & T) => {
        if (msg.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(msg);
      };
      const onExit = (code: number | null) => reject(new Error(`The server stopped (exit code ${code}).`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { port } = await next<{ port: number }>('listening');
  return {
    origin: `http://127.0.0.1:${port}`,
    async cpuMicros() {
      const reply = next<{ usage: NodeJS.CpuUsage }>('cpu');
      child.send({ type: 'cpu' });
      const { usage } = await reply;
      return usage.user + usage.system;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}
