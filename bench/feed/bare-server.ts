/**
 * The feed benchmark's bare baseline: Fastify as the server has it, with no plugin, hook, database or
 * check, answering fixed bytes: `/small` what `/healthz` answers, `/page` a real page 1 of the feed
 * (the file BODY_FILE). Beside Plaza in the same rounds, it splits a page's cost into the transport of
 * its bytes (what the bare `/page` costs) and Plaza's own work (the rest). Driven over IPC like serve.ts (serve-ipc.ts).
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import { answerConductor } from '../lib/serve-ipc';

const page = readFileSync(process.env.BODY_FILE ?? '');
const small = JSON.stringify({ success: true, status: 'ok' });
const app = Fastify({ logger: false });
app.get('/small', (_request, reply) => reply.type('application/json; charset=utf-8').send(small));
app.get('/page', (_request, reply) => reply.type('application/json; charset=utf-8').send(page));
await app.listen({ port: 0, host: '127.0.0.1' });
answerConductor(app);
