/**
 * What each connected socket keeps on the server's heap, by kind of object: two heap snapshots of the
 * chat benchmark's server (`HEAP_DIR=dir CLIENTS=2000 IDLE=1 TARGET=chat npx tsx bench/chat/run.ts`
 * writes `plaza-0.heapsnapshot` idle and `plaza-2000.heapsnapshot` with the clients), compared: the
 * objects' own sizes summed by constructor (or by V8's kind for strings, closures, arrays…), their
 * difference divided by the sockets.
 *
 *   npx tsx bench/chat/heap-summary.ts dir/plaza-0.heapsnapshot dir/plaza-2000.heapsnapshot [rows]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

/** Bytes and count by kind: `type:name` for objects (the constructor), the type alone for the rest. */
function byKind(file: string): Map<string, { bytes: number; count: number }> {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const out = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]];
    const kind = type === 'object' || type === 'closure' ? `${type}:${snap.strings[snap.nodes[i + nameAt]]}` : type;
    const entry = out.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += snap.nodes[i + sizeAt];
    entry.count++;
    out.set(kind, entry);
  }
  return out;
}

const [idleFile, loadedFile, rowsArg] = process.argv.slice(2);
const sockets = Number(/-(\d+)\.heapsnapshot$/.exec(loadedFile)?.[1] ?? 0);
if (!idleFile || !loadedFile || !sockets) throw new Error('Give the idle snapshot and the one named plaza-<sockets>.heapsnapshot.');
const idle = byKind(idleFile);
const loaded = byKind(loadedFile);
const rows = [...loaded.entries()]
  .map(([kind, l]) => {
    const i = idle.get(kind) ?? { bytes: 0, count: 0 };
    return { kind, bytes: (l.bytes - i.bytes) / sockets, count: (l.count - i.count) / sockets };
  })
  .sort((a, b) => b.bytes - a.bytes);
const total = rows.reduce((n, r) => n + r.bytes, 0);
console.log(`${sockets} sockets: ${(total / 1024).toFixed(1)} KB of heap each\n`);
console.log('| Kind | Bytes per socket | Objects per socket |');
console.log('|---|---:|---:|');
for (const r of rows.slice(0, Number(rowsArg ?? 30))) console.log(`| ${r.kind} | ${Math.round(r.bytes)} | ${r.count.toFixed(1)} |`);
