/**
 * The cluster test's TCP proxies in a process of their own. In the test's process they would share its
 * event loop with thirty clients and the chat load, and a busy load generator would stall PostgreSQL and
 * Redis for every node at once: an outage the test made itself. Started by `startProxyProcess`; each
 * command (`cut`, `stall`, `restore`) is answered once it is in force. Exits when the test goes.
 */
import { fork } from 'node:child_process';
import { startTcpProxy, type ProxyMode } from '../tcp-proxy';

export interface ProxyControl {
  readonly port: number;
  cut(): Promise<void>;
  stall(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

type Command = ProxyMode | 'restore';
const COMMAND_TIMEOUT_MS = 10_000;

/** Forks this file as a proxy to `target` and answers once it listens. */
export async function startProxyProcess(name: string, target: { host: string; port: number }): Promise<ProxyControl> {
  const child = fork(import.meta.filename, [target.host, String(target.port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = <T>(what: string, pick: (m: Record<string, unknown>) => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`the ${name} proxy did not answer ${what} within ${COMMAND_TIMEOUT_MS} ms`)),
        COMMAND_TIMEOUT_MS,
      );
      const onMessage = (m: Record<string, unknown>) => {
        const value = pick(m);
        if (value !== undefined) finish(null, value);
      };
      const onExit = () => finish(new Error(`the ${name} proxy exited before answering ${what}`));
      const finish = (err: Error | null, value?: T) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (err) reject(err);
        else resolve(value as T);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const port = await answer('its port', (m) => (typeof m.port === 'number' ? m.port : undefined));
  const command = async (op: Command) => {
    const done = answer(op, (m) => (m.done === op ? true : undefined));
    child.send({ op });
    await done;
  };
  return {
    port,
    cut: () => command('cut'),
    stall: () => command('stall'),
    restore: () => command('restore'),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function serve(host: string, port: number): Promise<void> {
  const proxy = await startTcpProxy({ host, port });
  process.on('message', (m: { op: Command }) => {
    if (m.op === 'cut') proxy.cut();
    else if (m.op === 'stall') proxy.stall();
    else proxy.restore();
    process.send?.({ done: m.op });
  });
  // The test is gone (finished, crashed or killed): nothing is left listening.
  process.on('disconnect', () => process.exit(0));
  process.send?.({ port: proxy.port });
}

if (process.send && process.argv[1] === import.meta.filename) void serve(process.argv[2], Number(process.argv[3]));
