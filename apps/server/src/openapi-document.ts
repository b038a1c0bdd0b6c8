// `npm run openapi [file]`: writes the OpenAPI document that the server serves at /api/docs/json to
// `openapi.json` (gitignored), by building the app on a throwaway SQLite database and asking it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

const target = path.resolve(process.argv[2] ?? 'openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'plaza-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Nothing is signed: the app is built only to read its routes.
    JWT_SECRET: 'openapi-openapi-openapi-openapi-openapi',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
