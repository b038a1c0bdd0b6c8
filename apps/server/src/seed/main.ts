/** `npm run seed`: fills the configured database with believable demo people, and what each feature adds. */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedAccounts } from './accounts';
import { seedSteps } from './steps';

/** The seed's progress is what the person running it reads, not a server log. */
const say = (line: string) => void process.stdout.write(`${line}\n`);

const config = loadConfig();
const app = await buildApp(config, { logger: false });
const started = Date.now();
try {
  const people = await seedAccounts(app.ctx, say);
  for (const step of seedSteps) {
    say(`Seeding ${step.name}…`);
    await step.run(app.ctx, people, (msg) => say(`  ${msg}`));
  }
  say(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. Log in at http://localhost:${config.port} as:`);
  say(`  user name: ${people.demo.user_name}   password: ${people.password}`);
} finally {
  await app.close();
}
