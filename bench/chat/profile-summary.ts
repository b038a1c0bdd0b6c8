/**
 * Where a server's CPU time went, from a `.cpuprofile` (PROFILE_DIR of run.ts, or node --cpu-prof):
 * each sample is charged to the innermost frame of its stack that belongs to a known part of the
 * server, so JSON.stringify called by socket.io counts as serialisation and a Kysely call from the chat
 * as the database.
 *
 *   npx tsx bench/chat/profile-summary.ts dir/plaza-5000-1000.cpuprofile [messages]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins, so the narrower parts come first. */
const PARTS: Array<[string, (fn: string, url: string) => boolean]> = [
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  ['serialisation (JSON)', (fn) => fn === 'stringify' || fn === 'parse' || /fast-json-stringify|secure-json-parse/.test(fn)],
  ['logging', (_f, url) => /pino/.test(url)],
  ['auth (token, session)', (_f, url) => /modules\/auth|plugins\/authenticate|jose/.test(url)],
  ['rate limiting', (_f, url) => /flood-control|security\/limits|rate-limiter-flexible|event-limit/.test(url)],
  ['validation (zod)', (_f, url) => /\/zod\/|type-provider-zod|contract-route|packages\/contract/.test(url)],
  ['presence', (_f, url) => /realtime\/presence|online-users|audience/.test(url)],
  [
    'database (main thread)',
    (_f, url) => /better-sqlite3|kysely|\/db\/|\/pg\/|pg-protocol|message-store|sqlite-writer|group-commit|modules\/safety/.test(url),
  ],
  ['emits (socket.io, ws)', (_f, url) => /socket\.io|engine\.io|\/ws\/lib|chat\/socket\/|realtime\//.test(url)],
  ['security headers', (_f, url) => /helmet|security-headers/.test(url)],
  ['chat send (service, writer queue)', (_f, url) => /modules\/chat|lib\/events|lib\/ids|uuid/.test(url)],
  ['HTTP (parse, route, reply)', (_f, url) => /fastify|find-my-way|avvio|light-my-request|_http_|node:http/.test(url)],
  ['sockets and streams (node)', (_f, url) => /node:net|node:internal\/stream|node:stream|node:internal\/streams/.test(url)],
  ['other (program, runtime)', () => true],
];

export function summarise(file: string): Map<string, number> {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const partOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = partOf.get(id);
    if (known) return known;
    const { functionName, url } = byId.get(id)!.callFrame;
    const direct = PARTS.find(([name, test]) => name !== 'other (program, runtime)' && test(functionName, url));
    const up = parent.get(id);
    const part = direct ? direct[0] : up !== undefined ? classify(up) : 'other (program, runtime)';
    partOf.set(id, part);
    return part;
  };
  const ms = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const part = classify(id);
    ms.set(part, (ms.get(part) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  return ms;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, messagesArg] = process.argv.slice(2);
  const ms = summarise(file);
  const busy = [...ms].filter(([k]) => k !== 'idle').reduce((n, [, v]) => n + v, 0);
  const messages = Number(messagesArg ?? 0);
  console.log(`| part | share of busy time | ms${messages ? ' | µs per message' : ''} |`);
  console.log(`|---|---:|---:|${messages ? '---:|' : ''}`);
  for (const [k, v] of [...ms].sort((a, b) => b[1] - a[1])) {
    if (k === 'idle') continue;
    console.log(
      `| ${k} | ${((v / busy) * 100).toFixed(1)} % | ${v.toFixed(0)} |${messages ? ` ${((v * 1000) / messages).toFixed(0)} |` : ''}`,
    );
  }
  console.log(`(idle ${(ms.get('idle') ?? 0).toFixed(0)} ms, busy ${busy.toFixed(0)} ms)`);
}
