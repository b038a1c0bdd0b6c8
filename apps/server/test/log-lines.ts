/** A pino destination that keeps what a logger wrote, one parsed JSON line each, for a test to read. */
import { Writable } from 'node:stream';

export function logLines<Line = Record<string, unknown>>(): { lines: Line[]; sink: Writable } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Line);
      done();
    },
  });
  return { lines, sink };
}
