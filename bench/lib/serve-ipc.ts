/**
 * The benchmark server's side of server-process.ts's messages: `listening` with its port once it
 * listens, its CPU time on `cpu`, and on `close` it closes and exits. Shared by serve.ts (Plaza) and
 * the feed benchmark's bare baseline.
 */
import type { FastifyInstance } from 'fastify';

export function answerConductor(app: FastifyInstance): void {
  const addr = app.server.address();
  process.send?.({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() });
    if (msg.type === 'close') void app.close().then(() => process.exit(0));
  });
}
