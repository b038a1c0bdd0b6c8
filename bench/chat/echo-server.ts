/** The baseline: a bare socket.io server on the same machine that echoes each `echo` event back to its sender. */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { rssOf } from './stats';

const http = createServer();
const io = new Server(http, { perMessageDeflate: false, httpCompression: false });
io.on('connection', (socket) => {
  socket.on('echo', (payload: unknown) => socket.emit('echo', payload));
});
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  process.send?.({ type: 'ready', port: typeof addr === 'object' && addr ? addr.port : 0 });
});

let elu: EventLoopUtilization | null = null;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

process.on('message', (msg: { type: string; on?: boolean }) => {
  if (msg.type === 'profile' && msg.on) {
    elu = performance.eventLoopUtilization();
    loopDelay.reset();
    loopDelay.enable();
  }
  if (msg.type === 'profile' && !msg.on && elu) {
    loopDelay.disable();
    process.send?.({
      type: 'elu',
      utilization: performance.eventLoopUtilization(elu).utilization,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
    });
  }
  if (msg.type === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ type: 'memory', rss: rssOf(process.pid), heapUsed: process.memoryUsage().heapUsed, sockets: io.engine.clientsCount });
  }
  if (msg.type === 'exit') void io.close(() => process.exit(0));
});
