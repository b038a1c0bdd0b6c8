/**
 * A TCP proxy a test controls, between the server and PostgreSQL or Redis: `cut()` drops every connection
 * and refuses new ones (a crash, a failover), `stall()` keeps connections open but forwards nothing (a
 * network that silently stops), `restore()` goes back to forwarding.
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'cut' | 'stall';

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, listenPort = 0): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const pairs = new Set<[net.Socket, net.Socket]>();

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    if (mode === 'stall') {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    get mode() {
      return mode;
    },
    cut() {
      mode = 'cut';
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    stall() {
      mode = 'stall';
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    restore() {
      mode = 'forward';
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
