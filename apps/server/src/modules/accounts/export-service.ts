/**
 * Data exports: asked for, built in the background into a zip under DATA_DIR/exports, offered through a
 * signed link for a week, then removed. The owner gets an email when it is ready.
 */
import type { DataExport } from '@plaza/contract';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context';
import { ForbiddenError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import { mails, type Mailer } from '../../mail';
import type { ChatApi } from '../chat';
import type { CommentsApi } from '../comments';
import type { PostsApi } from '../posts';
import type { ReactionsApi } from '../reactions';
import type { StoriesApi } from '../stories';
import { userRepo } from '../users';
import { accountStamp } from './account-stamp';
import { exportLinks } from './export-links';
import { exportRepo, type ExportRow } from './export-repo';
import { exportFileName, writeExportZip } from './export-zip';
import { instanceOf } from './instance';

export interface ExportSources {
  posts: PostsApi;
  comments: CommentsApi;
  reactions: ReactionsApi;
  chat: ChatApi;
  stories: StoriesApi;
}

const DAY_MS = 86_400_000;
/** How long a finished zip is kept. */
const KEPT_DAYS = 7;
/** A pending export older than this was left by a process that stopped; it is marked failed. */
const PENDING_GIVE_UP_MS = 3_600_000;

// Long: a service; each method is short and shares the repositories made once here.
export function exportService(ctx: AppContext, sources: ExportSources, mailer: Mailer) {
  const repo = exportRepo(ctx.db);
  const users = userRepo(ctx.db);
  const links = exportLinks(ctx.config.jwtSecret);
  const stampOf = async (userId: string) => {
    const user = await users.findById(userId);
    return user ? accountStamp(user.password_hash) : null;
  };
  const dir = path.join(ctx.config.dataDir, 'exports');
  const log = ctx.log.child({ part: 'export' });
  const running = new Set<Promise<void>>();

  async function present(row: ExportRow): Promise<DataExport> {
    const base = { _id: row.id, status: row.status, createdAt: row.created_at };
    if (row.status !== 'ready' || !row.expires_at) return base;
    const stamp = await stampOf(row.user_id);
    if (!stamp) return base;
    const link = links.urlFor(row.id, row.user_id, stamp, new Date(row.expires_at));
    return { ...base, url: link.url, expiresAt: new Date(link.expires * 1000).toISOString() };
  }

  async function build(row: ExportRow): Promise<void> {
    const user = await users.findById(row.user_id);
    if (!user) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = exportFileName(dir, row.id);
    try {
      await writeExportZip(ctx, sources, user, file);
    } catch (err) {
      log.error({ err, exportId: row.id }, 'an export could not be written');
      await repo.finish(row.id, { status: 'failed', file_key: null, finished_at: nowIso(), expires_at: null });
      return;
    }
    const finished = new Date();
    await repo.finish(row.id, {
      status: 'ready',
      file_key: path.basename(file),
      finished_at: finished.toISOString(),
      expires_at: new Date(finished.getTime() + KEPT_DAYS * DAY_MS).toISOString(),
    });
    mailer.sendLater({
      to: user.email,
      ...mails.exportReady(instanceOf(ctx.config), { fullName: user.full_name, language: user.language }),
    });
  }

  function inBackground(row: ExportRow) {
    const run: Promise<void> = build(row)
      .catch((err: unknown) => log.error({ err, exportId: row.id }, 'an export failed'))
      .finally(() => running.delete(run));
    running.add(run);
  }

  const fileOf = (row: ExportRow) => (row.file_key ? path.join(dir, path.basename(row.file_key)) : null);

  return {
    /** Starts an export, or answers the one still being prepared. */
    async start(userId: string): Promise<DataExport> {
      const latest = await repo.latestOf(userId);
      if (latest?.status === 'pending') return present(latest);
      const row: ExportRow = {
        id: newId(),
        user_id: userId,
        status: 'pending',
        file_key: null,
        created_at: nowIso(),
        finished_at: null,
        expires_at: null,
      };
      await repo.insert(row);
      inBackground(row);
      return present(row);
    },

    async latest(userId: string): Promise<DataExport> {
      const row = await repo.latestOf(userId);
      if (!row || (row.expires_at && row.expires_at <= nowIso())) throw new NotFoundError(sentence('error.export.none'));
      return present(row);
    },

    /** The zip behind a signed link: 403 for a wrong or expired signature, 404 when it is gone. */
    async download(exportId: string, expires: number, sig: string): Promise<{ file: string; fileName: string }> {
      const row = await repo.findById(exportId);
      if (!row) throw new NotFoundError(sentence('error.export.gone'));
      const stamp = await stampOf(row.user_id);
      if (!stamp || !links.verify(row.id, row.user_id, stamp, expires, sig)) throw new ForbiddenError(sentence('error.export.linkInvalid'));
      const file = fileOf(row);
      if (row.status !== 'ready' || !file || (row.expires_at && row.expires_at <= nowIso()))
        throw new NotFoundError(sentence('error.export.gone'));
      return { file, fileName: `plaza-export-${row.created_at.slice(0, 10)}.zip` };
    },

    /** The zips of a person (removed with their account). */
    async filesOf(userId: string): Promise<string[]> {
      return (await repo.allOf(userId)).flatMap((r) => fileOf(r) ?? []);
    },

    async removeFiles(files: readonly string[]): Promise<void> {
      for (const f of files) await rm(f, { force: true }).catch((err: unknown) => log.warn({ err }, 'an export file was not removed'));
    },

    /** Removes expired zips and gives up on exports whose process stopped. */
    async sweep(): Promise<void> {
      const now = Date.now();
      for (const row of await repo.stale(new Date(now).toISOString(), new Date(now - PENDING_GIVE_UP_MS).toISOString())) {
        const file = fileOf(row);
        if (file) await rm(file, { force: true });
        if (row.status === 'pending')
          await repo.finish(row.id, { status: 'failed', file_key: null, finished_at: nowIso(), expires_at: null });
        else await repo.delete(row.id);
      }
    },

    async settled(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
export type ExportService = ReturnType<typeof exportService>;
