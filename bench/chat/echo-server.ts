/** The baseline: a bare socket.io server on the same machine that echoes each `echo` event back to its sender. */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { loopMeter } from './loop-meter';
import { heapSnapshotIfAsked, rssOf } from './stats';

const http = createServer();
const io = new Server(http, { perMessageDeflate: false, httpCompression: false });
io.on('connection', (socket) => {
  socket.on('echo', (payload: unknown) => socket.emit('echo', payload));
});
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  process.send?.({ type: 'ready', port: typeof addr === 'object' && addr ? addr.port : 0 });
});

const meter = loopMeter();

process.on('message', (msg: { type: string; on?: boolean }) => {
  if (msg.type === 'profile' && msg.on) meter.start();
  if (msg.type === 'profile' && !msg.on) {
    const reading = meter.stop();
    if (reading) process.send?.({ type: 'elu', ...reading });
  }
  if (msg.type === 'gc') {
    (globalThis as { gc?: () => void }).gc?.();
    heapSnapshotIfAsked('echo', io.engine.clientsCount);
    process.send?.({ type: 'memory', rss: rssOf(process.pid), heapUsed: process.memoryUsage().heapUsed, sockets: io.engine.clientsCount });
  }
  if (msg.type === 'exit') void io.close(() => process.exit(0));
});
