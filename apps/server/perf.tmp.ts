import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareUsers } from '../../bench/chat/prepare';
const dir = mkdtempSync(path.join(tmpdir(), 'perf-'));
const secret = 'x'.repeat(40);
const users = await prepareUsers(path.join(dir, 'plaza.sqlite'), 400, secret);
const app = await buildApp(loadConfig({ DATA_DIR: dir, JWT_SECRET: secret, LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), { logger: false });
await app.ready();
async function run(n: number) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const a = users[(i * 2) % 400], b = users[(i * 2 + 1) % 400];
    const r = await app.inject({ method: 'POST', url: '/api/v1/chats/send', headers: { authorization: `Bearer ${a.token}` }, payload: { messageSenderUsername: a.userName, messageReceiverUsername: b.userName, messageContent: 'hello ' + i, clientMessageId: 'c' + i + '-' + n } });
    if (r.statusCode !== 201) { console.log(r.statusCode, r.body); break; }
  }
  return (performance.now() - t0) / n;
}
await run(500);
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.start');
console.log('ms per send', (await run(2000)).toFixed(3));
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/send.cpuprofile', JSON.stringify(profile));
const t0 = performance.now();
for (let i = 0; i < 2000; i++) await app.inject({ method: 'GET', url: '/healthz' });
console.log('ms per healthz', ((performance.now() - t0) / 2000).toFixed(3));
const t1 = performance.now();
for (let i = 0; i < 2000; i++) await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${users[i % 400].token}` } });
console.log('ms per users/me', ((performance.now() - t1) / 2000).toFixed(3));
console.log('ms per send', (await run(2000)).toFixed(3));
await app.close();
