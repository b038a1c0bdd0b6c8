/**
 * Closing the socket.io server of a node that stops (a deploy, a scale-down): only this node's sockets
 * are closed, never the cluster's (a `disconnectSockets` would go through the adapter to every node).
 * They close as "server shutting down", which socket.io clients answer by reconnecting at once (to
 * another node behind the balancer), and which keeps each session for connection-state recovery.
 */
import type { Presence } from './presence';
import type { PlazaServer } from './server';

export async function closeRealtime(io: PlazaServer, presence: Presence, teardowns: ReadonlyArray<() => void | Promise<void>>) {
  // First, so the disconnects below do not take everyone offline while their clients move to another node.
  await presence.leave();
  await new Promise<void>((resolve) => {
    void io.close(() => resolve());
    // io.close also closes the HTTP server, which Fastify closes itself; resolve either way.
    setTimeout(resolve, 100).unref();
  });
  for (const t of teardowns) await t();
  await presence.close();
}
