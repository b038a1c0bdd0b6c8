/** What a test app's local storage holds. */
import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The names of the files in one folder of the app's local storage, sorted (none when it does not exist). */
export function filesIn(app: FastifyInstance, folder: string): string[] {
  try {
    return readdirSync(path.join(app.ctx.storage.root, folder)).sort();
  } catch {
    return [];
  }
}
