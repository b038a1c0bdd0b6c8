/**
 * Closing the socket.io server of a node that stops (a deploy, a scale-down), in two steps.
 *
 * `releaseSockets`, before the HTTP server stops: only this node's connections are closed, never the
 * cluster's (a `disconnectSockets` would go through the adapter to every node). They close as a dropped
 * transport, which socket.io clients answer by reconnecting at once (to another node behind the balancer),
 * where they catch up on what they missed by themselves. Presence first hands the node's users over,
 * so they do not flicker offline while their clients move.
 *
 * `closeRealtime`, once the requests in flight have finished: what those requests stored still reaches
 * the other nodes through the adapter, which only now closes, with the features' socket parts.
 */
import type { Presence } from './presence';
import type { PlazaServer } from './server';

export async function releaseSockets(io: PlazaServer, presence: Presence): Promise<void> {
  await presence.leave();
  // From now on a websocket upgrade that still reaches this node (on a connection the balancer keeps
  // open to it) is dropped unanswered, which the balancer takes as a failed node: it tries the next one
  // at once. socket.io's own handler would answer 503 once closed, which reaches the client as a failed
  // attempt and costs it a back-off of seconds.
  io.httpServer.removeAllListeners('upgrade');
  io.httpServer.on('upgrade', (_req, socket: { destroy(): void }) => socket.destroy());
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
