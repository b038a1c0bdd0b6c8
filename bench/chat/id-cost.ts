/**
 * What minting an id costs (one per chat message, one per feed page 1): the server's `newId` (lib/ids.ts)
 * beside the `uuid` package's `v7`, which makes two ArrayBuffers per id. Since docs/decisions/plain-paths-code.md
 * `newId` is that `v7`; a hand-made id (random bytes from a 4 KB pool, no allocation but the string) is in
 * git history, and this file is where to put it back beside the package for an A/B. The two alternate in short rounds in one process, so a
 * machine that changes speed moves both alike; each round also counts the scavenges it set off.
 *
 *   npx tsx bench/chat/id-cost.ts
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { v7 } from 'uuid';
import { newId } from '../../apps/server/src/for-benchmarks';
import { median } from '../lib/median';

const ROUNDS = 15;
const IDS = 200_000;

let scavenges = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    if ((e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
}).observe({ entryTypes: ['gc'] });

/**
 * Each id is used as a key, as the server uses ids (map keys, SQL parameters, JSON): that reads the whole
 * string, so an id made of joined pieces pays for joining them here, not later out of sight. The map's
 * size is printed if zero, so the loop's work cannot be optimised away.
 */
const seen = new Map<string, number>();
let sink = 0;
async function round(make: () => string): Promise<{ ns: number; scavenges: number }> {
  await new Promise((r) => setImmediate(r));
  const before = scavenges;
  const start = process.hrtime.bigint();
  for (let i = 0; i < IDS; i++) {
    seen.set(make(), i);
    if (seen.size === 1000) {
      sink += seen.size;
      seen.clear();
    }
  }
  const ns = Number(process.hrtime.bigint() - start) / IDS;
  await new Promise((r) => setTimeout(r, 20)); // let the observer hear of this round's collections
  return { ns, scavenges: scavenges - before };
}

const ours: Array<{ ns: number; scavenges: number }> = [];
const pkg: Array<{ ns: number; scavenges: number }> = [];
for (let r = 0; r < 3; r++) {
  await round(newId);
  await round(v7);
}
for (let r = 0; r < ROUNDS; r++) {
  ours.push(await round(newId));
  pkg.push(await round(v7));
}
console.log(`${ROUNDS} alternating rounds of ${IDS.toLocaleString('en')} ids, median:`);
console.log(`| minted by | ns per id | scavenges per round |`);
console.log(`|---|---:|---:|`);
console.log(`| lib/ids.ts newId | ${median(ours.map((o) => o.ns)).toFixed(0)} | ${median(ours.map((o) => o.scavenges))} |`);
console.log(`| uuid v7 | ${median(pkg.map((o) => o.ns)).toFixed(0)} | ${median(pkg.map((o) => o.scavenges))} |`);
if (sink === 0) console.log('');
