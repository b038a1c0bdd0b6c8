/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every built file that compresses, so the
 * server sends the smallest one the browser accepts without compressing anything per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBundle } from './after-bundle';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

export async function precompressDir(dir: string): Promise<{ files: number; rawBytes: number; brotliBytes: number }> {
  let files = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const raw = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gz(raw, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    files += 1;
    rawBytes += raw.length;
    brotliBytes += br.length;
  }
  return { files, rawBytes, brotliBytes };
}

/** Vite plugin: precompress the output once the bundle is written. */
export function precompress(): Plugin {
  // Last, after every other plugin wrote its files (e.g. the service worker).
  return afterBundle('plaza-precompress', 'post', async (outDir, context) => {
    const { files, rawBytes, brotliBytes } = await precompressDir(outDir);
    context.info(`precompressed ${files} files: ${(rawBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`);
  });
}
