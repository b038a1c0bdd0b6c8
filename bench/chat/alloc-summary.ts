/**
 * What a phase allocated, by allocation site, from a sampled `.heapprofile` (ALLOC_DIR of run.ts): bytes
 * charged to the function that made them, and (with the number of messages) bytes per message. A profile
 * taken with ALLOC=live holds only what was still alive mid-phase: what outlives the young generation and
 * becomes the garbage full collections, which mark the whole heap, exist to find.
 *
 *   npx tsx bench/chat/alloc-summary.ts dir/plaza-5000-1000-socket.heapprofile [messages] [rows]
 */
import { readFileSync } from 'node:fs';

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/** Bytes by `function file:line`, the node's own allocations; the path up to it is left out (sites, not callers). */
export function allocationSites(file: string): Map<string, number> {
  const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: SamplingNode };
  const sites = new Map<string, number>();
  const walk = (n: SamplingNode) => {
    if (n.selfSize > 0) {
      const { functionName, url, lineNumber } = n.callFrame;
      const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages|bench)\//, '$1/');
      const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
      sites.set(key, (sites.get(key) ?? 0) + n.selfSize);
    }
    n.children.forEach(walk);
  };
  walk(head);
  return sites;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, messagesArg, rowsArg] = process.argv.slice(2);
  const sites = allocationSites(file);
  const total = [...sites.values()].reduce((a, b) => a + b, 0);
  const messages = Number(messagesArg ?? 0);
  const perMessage = (bytes: number) => (messages ? ` ${(bytes / messages).toFixed(0)} |` : '');
  console.log(`| allocation site | share | MB |${messages ? ' bytes per message |' : ''}`);
  console.log(`|---|---:|---:|${messages ? '---:|' : ''}`);
  for (const [k, v] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, Number(rowsArg ?? 30))) {
    console.log(`| ${k} | ${((v / total) * 100).toFixed(1)} % | ${(v / 1e6).toFixed(1)} |${perMessage(v)}`);
  }
  console.log(`(${(total / 1e6).toFixed(0)} MB sampled in all${messages ? `, ${(total / messages).toFixed(0)} bytes per message` : ''})`);
}
