/**
 * `npm run backup` on a running instance while people keep writing, and `npm run restore` into a fresh
 * DATA_DIR: an app started there reads the same posts, messages and media. A restore onto the running
 * instance is refused and changes nothing.
 */
import { chatHistoryResponseSchema, messageSchema, postResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, as, pngImage, sendChatMessage, type TestUser } from '../../../test/factories';
import { buildCountingApp, dialects, freshPostgresDatabase, testConfig, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { loadConfig } from '../../config';
import { befriend, imageFile, sendPost } from '../../modules/posts/testing';
import { runBackup } from './backup';
import { runRestore } from './restore';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');
const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The command as an operator runs it: a process of its own, on the instance DATA_DIR names. */
function command(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', MAIN, ...args],
      { cwd: import.meta.dirname, env: { ...process.env, DATABASE_URL: undefined, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function appOn(dataDir: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET, WEB_DIST: path.join(dataDir, 'no-web'), ...env });
  const app = await buildCountingApp(testConfig(config));
  await app.ready();
  return app;
}

/** Chat between two people over HTTP until `stop()`: every message acknowledged, with when. */
function keepChatting(app: FastifyInstance, a: TestUser, b: TestUser) {
  const acked: Array<{ id: string; at: number }> = [];
  let going = true;
  const done = (async () => {
    for (let i = 0; going; i++) {
      const res = await sendChatMessage(app, i % 2 ? a : b, i % 2 ? b : a, `message ${i}`);
      if (res.statusCode === 201) acked.push({ id: bodyOf(res, messageSchema)._id, at: Date.now() });
      // Under the chat's flood control (about five a second each), so every send is stored, none refused.
      await new Promise((r) => setTimeout(r, 150));
    }
  })();
  return {
    acked,
    async stop() {
      going = false;
      await done;
    },
  };
}

/** The whole conversation, page by page from the start. */
async function historyIds(app: FastifyInstance, me: TestUser, other: TestUser): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const url = `/chats/${me.user._id}/${other.user._id}?limit=100&after=${ids.at(-1) ?? '0'}`;
    const res = await as(app, me)({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const page = bodyOf(res, chatHistoryResponseSchema).map((m) => m._id);
    ids.push(...page);
    if (page.length < 100) return ids;
  }
}

describe('backup and restore of the embedded database', () => {
  const t = useTestApp('sqlite');
  const scratch = mkdtempSync(path.join(tmpdir(), 'plaza-backup-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('copies a running instance while it writes; a fresh instance restored from it reads the same data and media', async () => {
    const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
    await befriend(t.app, alice, bob);
    const photo = await pngImage(120, 80);
    const posted = await sendPost(t.app, alice, 'before the backup', [imageFile(photo)]);
    expect(posted.statusCode).toBe(201);
    const post = bodyOf(posted, postResponseSchema).post;
    const mediaUrl = post.media[0].url;
    const mediaBytes = (await t.app.inject({ method: 'GET', url: mediaUrl })).rawPayload;

    const chat = keepChatting(t.app, alice, bob);
    while (chat.acked.length < 20) await new Promise((r) => setTimeout(r, 10));
    const startedAt = Date.now();
    const backup = await command(['backup', path.join(scratch, 'backups')], { DATA_DIR: t.config.dataDir });
    const endedAt = Date.now();
    await chat.stop();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const folder = /Backup written to (.+)$/m.exec(backup.stdout)?.[1] ?? '';
    expect(path.dirname(folder)).toBe(path.join(scratch, 'backups'));
    expect(readdirSync(folder).sort()).toEqual(['manifest.json', 'media', 'plaza.sqlite']);
    // The chat went on while the backup ran.
    expect(chat.acked.filter((m) => m.at > startedAt && m.at < endedAt).length).toBeGreaterThan(0);

    // Onto the running instance: refused, and the instance goes on as it was.
    const refused = await command(['restore', folder], { DATA_DIR: t.config.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has .*plaza\.sqlite open\. Stop every server using it/);
    expect(readdirSync(t.config.dataDir).some((f) => f.startsWith('replaced-'))).toBe(false);
    expect((await sendChatMessage(t.app, alice, bob, 'still here')).statusCode).toBe(201);

    const fresh = path.join(scratch, 'fresh');
    const restored = await command(['restore', folder], { DATA_DIR: fresh });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const app = await appOn(fresh);
    try {
      const read = await as(app, alice)({ method: 'GET', url: `/posts/${post._id}` });
      expect(read.statusCode).toBe(200);
      expect(bodyOf(read, postResponseSchema).post).toMatchObject({ content: 'before the backup', media: [{ url: mediaUrl }] });
      const media = await app.inject({ method: 'GET', url: mediaUrl });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(mediaBytes)).toBe(true);

      // Every message acknowledged before the backup began is there, and only acknowledged ones, each once.
      const ids = await historyIds(app, alice, bob);
      expect(ids.length).toBeGreaterThanOrEqual(20);
      expect(new Set(ids).size).toBe(ids.length);
      const ackedIds = new Set(chat.acked.map((m) => m.id));
      const before = chat.acked.filter((m) => m.at < startedAt).map((m) => m.id);
      for (const id of before) expect(ids).toContain(id);
      for (const id of ids) expect(ackedIds.has(id)).toBe(true);
      // The restored instance takes new writes.
      expect((await sendChatMessage(app, bob, alice, 'after the restore')).statusCode).toBe(201);
    } finally {
      await app.close();
    }

    // Again onto the stopped instance: what it had moves aside, nothing is deleted.
    const again = await runRestore(folder, loadConfig({ DATA_DIR: fresh, JWT_SECRET }));
    expect(again.code).toBe(0);
    const aside = /What it replaced is in (.+)$/m.exec(again.lines.join('\n'))?.[1] ?? '';
    expect(readdirSync(aside).sort()).toEqual(['media', 'plaza.sqlite']);
  }, 60_000);

  it('refuses a folder that is not a finished backup, and one whose database was altered', async () => {
    const notOne = await runRestore(scratch, t.config);
    expect(notOne).toMatchObject({ code: 1, lines: [expect.stringMatching(/not a finished Plaza backup/)] });

    const made = await runBackup(t.config, path.join(scratch, 'altered'));
    expect(made.code).toBe(0);
    const folder = /Backup written to (.+)$/m.exec(made.lines.join('\n'))?.[1] ?? '';
    const file = path.join(folder, 'plaza.sqlite');
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] ^= 0xff;
    await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
    const other = path.join(scratch, 'other');
    const refused = await runRestore(folder, {
      ...t.config,
      dataDir: other,
      database: { kind: 'sqlite', file: path.join(other, 'plaza.sqlite') },
    });
    expect(refused).toMatchObject({ code: 1, lines: [expect.stringMatching(/digest differs/)] });
    expect(existsSync(path.join(other, 'plaza.sqlite'))).toBe(false);
  });
});

/** PostgreSQL's client programs come with its server package; a developer may have the server elsewhere. */
const pgDumpMissing = spawnSync('pg_dump', ['--version']).status !== 0;

describe.skipIf(!dialects().includes('postgres') || (pgDumpMissing && process.env.REQUIRE_SERVICES !== '1'))(
  'backup and restore on PostgreSQL (pg_dump, pg_restore)',
  () => {
    const t = useTestApp('postgres');
    const scratch = mkdtempSync(path.join(tmpdir(), 'plaza-backup-pg-'));
    let target: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
    afterAll(async () => {
      await target?.drop();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('dumps the running database and its media; restored elsewhere, an app reads them back', async () => {
      const [alice, bob] = [await createUser(t.app), await createUser(t.app)];
      await befriend(t.app, alice, bob);
      const posted = await sendPost(t.app, alice, 'kept by pg_dump', [imageFile(await pngImage(90, 60))]);
      const post = bodyOf(posted, postResponseSchema).post;
      const sent = bodyOf(await sendChatMessage(t.app, bob, alice, 'hello from before'), messageSchema);

      const made = await runBackup(t.config, path.join(scratch, 'backups'));
      expect(made.code).toBe(0);
      const folder = /Backup written to (.+)$/m.exec(made.lines.join('\n'))?.[1] ?? '';
      expect(readdirSync(folder).sort()).toEqual(['manifest.json', 'media', 'plaza.dump']);

      // Onto the database the running app uses: its connections are seen, nothing is restored.
      const refused = await runRestore(folder, t.config);
      expect(refused).toMatchObject({ code: 1, lines: [expect.stringMatching(/connections of Plaza processes are open/)] });

      target = await freshPostgresDatabase();
      const dataDir = path.join(scratch, 'restored');
      const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: target.url, JWT_SECRET });
      const restored = await runRestore(folder, config);
      expect(restored.code).toBe(0);
      const app = await appOn(dataDir, { DATABASE_URL: target.url });
      try {
        const read = await as(app, alice)({ method: 'GET', url: `/posts/${post._id}` });
        expect(bodyOf(read, postResponseSchema).post.content).toBe('kept by pg_dump');
        expect((await app.inject({ method: 'GET', url: post.media[0].url })).statusCode).toBe(200);
        expect(await historyIds(app, alice, bob)).toEqual([sent._id]);
      } finally {
        await app.close();
      }
    });
  },
);
