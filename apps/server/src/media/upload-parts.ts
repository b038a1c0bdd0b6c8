/**
 * Reading one file of a multipart upload: its first bytes for the type sniffing (then the whole file
 * again), the whole file up to a size, or nothing. The body is always read to its end, so a refusal never
 * leaves the client's upload half-sent.
 */
export type Chunks = AsyncGenerator<Buffer, void, undefined>;

/** Enough for every signature media/sniff.ts knows (WebP needs 12). */
const SNIFF_BYTES = 16;

export async function* readChunks(stream: AsyncIterable<Buffer>): Chunks {
  for await (const chunk of stream) yield chunk;
}

/** Reads just enough to sniff the type, and gives back a stream of the whole file again. */
export async function readHead(chunks: Chunks) {
  const seen: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    seen.push(next.value);
    length += next.value.length;
  }
  return {
    bytes: Buffer.concat(seen),
    async *replay(): Chunks {
      yield* seen;
      yield* chunks;
    },
  };
}

/** The whole file, or null when it is longer than `limit` (the rest is still read and dropped). */
export async function collectUpTo(chunks: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const kept: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length <= limit) kept.push(chunk);
    else kept.length = 0;
  }
  return length <= limit ? Buffer.concat(kept) : null;
}

export async function drain(chunks: AsyncIterable<Buffer>): Promise<void> {
  for await (const _ of chunks) {
    // discarded
  }
}
