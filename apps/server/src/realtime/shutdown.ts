/**
 * Closing the socket.io server of a node that stops (a deploy, a scale-down), in two steps.
 *
 * `releaseSockets`, before the HTTP server stops: only this node's connections are closed, never the
 * cluster's (a `disconnectSockets` would go through the adapter to every node). They close as a dropped
 * transport, which socket.io clients answer by reconnecting at once (to another node behind the balancer)
 * and which keeps each session for connection-state recovery. Presence first hands the node's users over,
 * so they do not flicker offline while their clients move.
 *
 * `closeRealtime`, once the requests in flight have finished: what those requests stored still reaches
 * the other nodes through the adapter, which only now closes, with the features' socket parts.
 */
import type { Presence } from './presence';
import type { PlazaServer } from './server';

export async function releaseSockets(io: PlazaServer, presence: Presence): Promise<void> {
  await presence.leave();
  io.engine.close();
}

export async function closeRealtime(io: PlazaServer, presence: Presence, teardowns: ReadonlyArray<() => void | Promise<void>>) {
  await new Promise<void>((resolve) => {
    void io.close(() => resolve());
    // io.close also closes the HTTP server, which Fastify closes itself; resolve either way.
    setTimeout(resolve, 100).unref();
  });
  for (const t of teardowns) await t();
  await presence.close();
}
