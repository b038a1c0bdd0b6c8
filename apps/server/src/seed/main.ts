/** `npm run seed`: fills the configured database with believable demo people, and what each feature adds. */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedAccounts } from './accounts';
import { seedSteps } from './steps';

const config = loadConfig();
const app = await buildApp(config, { logger: false });
const started = Date.now();
try {
  const people = await seedAccounts(app.ctx, (msg) => console.log(msg));
  for (const step of seedSteps) {
    console.log(`Seeding ${step.name}…`);
    await step.run(app.ctx, people, (msg) => console.log(`  ${msg}`));
  }
  console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. Log in at http://localhost:${config.port} as:`);
  console.log(`  user name: ${people.demo.user_name}   password: ${people.password}`);
} finally {
  await app.close();
}
