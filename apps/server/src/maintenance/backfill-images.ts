/** `npm run media:backfill`: gives post images stored earlier their responsive sizes and placeholder, on the configured database and media. */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { backfillPostImages } from '../modules/posts';

const say = (line: string) => void process.stdout.write(`${line}\n`);

const app = await buildApp(loadConfig(), { logger: false });
try {
  const report = await backfillPostImages(app.ctx, say);
  say(`Done: ${report.images} images in ${report.posts} posts given responsive sizes; ${report.failed} posts failed.`);
  if (report.failed > 0) process.exitCode = 1;
} finally {
  await app.close();
}
