/**
 * What a backup folder holds, written last into `manifest.json`: a folder without it is not a finished
 * backup. The restore checks the database file against its digest and the schema against this code's
 * migrations before it touches anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST = 'manifest.json';

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  /** The Plaza version that made it. */
  version: z.string(),
  /** The migrations the database had run, by name. */
  migrations: z.array(z.string()),
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), file: z.string(), bytes: z.number(), sha256: z.string() }),
  /** Files copied from the media folder; null when media live in object storage (not this command's to copy). */
  media: z.object({ files: z.number(), bytes: z.number() }).nullable(),
  /** Rows of a few tables, for a person to compare with what they expect. */
  counts: z.record(z.string(), z.number()),
  /** Whether the generated JWT secret of DATA_DIR is in the folder (`jwt-secret`). */
  jwtSecret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** The folder's manifest, or why it is not a backup this code can read. */
export async function readManifest(dir: string): Promise<Manifest | { error: string }> {
  const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => null);
  if (text === null) return { error: `${dir} is not a finished Plaza backup: it has no ${MANIFEST}.` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: `${path.join(dir, MANIFEST)} is not JSON.` };
  }
  const parsed = manifestSchema.safeParse(json);
  return parsed.success ? parsed.data : { error: `${path.join(dir, MANIFEST)} is not a manifest this version of Plaza reads.` };
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
