/**
 * The baseline: a bare socket.io server on the same machine. Over the socket it echoes each `echo` event back
 * to its sender; over HTTP, `POST /echo` hands the posted JSON to the receiver's socket and the sender's (as
 * Plaza tells both people's sockets) and answers 201 with it: the transport of Plaza's `POST /chats/send` and
 * nothing else (no token check, validation, storage or bookkeeping).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { loopMeter } from './loop-meter';
import { heapSnapshotIfAsked, rssOf } from './stats';

/** Each client's socket by the key it connected with (its index over all load processes). */
const byKey = new Map<string, Socket>();

function echoOverHttp(req: IncomingMessage, res: ServerResponse) {
  if (req.method !== 'POST' || req.url !== '/echo') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as { from: string; to: string; id: string; text: string };
    const payload = { id: body.id, to: body.to, text: body.text };
    byKey.get(body.to)?.emit('echo', payload);
    byKey.get(body.from)?.emit('echo', payload);
    const reply = JSON.stringify(payload);
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(reply) }).end(reply);
  });
}

const http = createServer(echoOverHttp);
const io = new Server(http, { perMessageDeflate: false, httpCompression: false });
io.on('connection', (socket) => {
  const key = socket.handshake.query.key;
  if (typeof key === 'string') {
    byKey.set(key, socket);
    socket.on('disconnect', () => byKey.delete(key));
  }
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
