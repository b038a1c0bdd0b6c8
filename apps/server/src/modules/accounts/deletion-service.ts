/**
 * Deleting an account: gone at once for everyone. Everything the person published goes in one
 * transaction through the owning features (so counters and timelines stay right), the account row goes
 * last (what still references it goes by cascade: sessions, friendships, notifications, marks), and
 * their conversations move to a placeholder shown as "Deleted user", so the other side keeps its history.
 * Files are removed once the rows are gone.
 */
import { DELETED_USER_NAME, HELD_USER_NAME_DAYS } from '@plaza/contract';
import type { AppContext } from '../../context';
import { BadRequestError, NotFoundError, sentence } from '../../lib/errors';
import { newId, nowIso } from '../../lib/ids';
import type { ChatApi } from '../chat';
import type { CommentsApi } from '../comments';
import type { PostsApi } from '../posts';
import type { ReactionsApi } from '../reactions';
import type { StoriesApi } from '../stories';
import { verifyPassword } from '../auth';
import { userRepo, type UserRow } from '../users';
import type { ExportService } from './export-service';

export interface DeletionDeps {
  posts: PostsApi;
  reactions: ReactionsApi;
  comments: CommentsApi;
  stories: StoriesApi;
  chat: ChatApi;
  exports: ExportService;
}

/** The row that keeps a deleted account's conversations: no email, no password, never listed (docs/decisions/accounts.md). */
function placeholderRow(): UserRow {
  const id = newId();
  const now = nowIso();
  return {
    id,
    user_name: 'deleted',
    // Unique, and never a real name: user names cannot contain '-'.
    user_name_lower: `deleted-${id}`,
    full_name: DELETED_USER_NAME,
    full_name_lower: DELETED_USER_NAME.toLowerCase(),
    email: `${id}@deleted.invalid`,
    role: 'member',
    suspended_until: null,
    user_bio: null,
    avatar_url: null,
    avatar_thumb_url: null,
    // No argon2 hash verifies against an empty string, and login never finds this row anyway.
    password_hash: '',
    created_at: now,
    updated_at: now,
    email_verified_at: null,
    deleted_at: now,
    language: 'en',
    remote_host: null,
    profile_url: null,
  };
}

export function deletionService(ctx: AppContext, deps: DeletionDeps) {
  const users = userRepo(ctx.db);
  const log = ctx.log.child({ part: 'account-deletion' });

  async function removeFiles(keys: readonly string[]) {
    for (const key of keys) {
      await ctx.storage.remove(key).catch((err: unknown) => log.warn({ err, key }, 'a deleted account’s file was not removed'));
    }
  }

  return {
    async deleteAccount(userId: string, password: string): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new NotFoundError(sentence('error.account.gone'));
      if (!(await verifyPassword(user.password_hash, password))) {
        throw new BadRequestError(sentence('error.auth.passwordWrong'), [{ path: 'password', message: 'Your password is not correct.' }]);
      }
      const heldUntil = new Date(Date.now() + HELD_USER_NAME_DAYS * 86_400_000).toISOString();
      const exportFiles = await deps.exports.filesOf(userId);

      const done = await ctx.db.transaction().execute(async (trx) => {
        const posts = await deps.posts.removeAllBy(trx, userId);
        for (const postId of posts.postIds) await ctx.events.record(trx, 'postDeleted', { postId, authorId: userId });
        const reactedOn = await deps.reactions.removeAllBy(trx, userId);
        const commentedOn = await deps.comments.removeAllBy(trx, userId);
        const storyKeys = await deps.stories.removeAllBy(trx, userId);
        if (await deps.chat.hasConversations(trx, userId)) {
          const placeholder = placeholderRow();
          await userRepo(trx).insert(placeholder);
          await deps.chat.handOver(trx, userId, placeholder.id);
        }
        await userRepo(trx).holdUserName(user.user_name_lower, heldUntil);
        await userRepo(trx).delete(userId);
        return { posts, changedPosts: new Set([...reactedOn, ...commentedOn]), storyKeys };
      });

      ctx.events.publish('accountStandingChanged', { userId });
      await ctx.auth.revokeAllSessions(userId, { reason: 'deleted' });
      for (const postId of done.changedPosts) ctx.events.publish('postChanged', { postId });
      const avatarKeys = [user.avatar_url, user.avatar_thumb_url].flatMap((url) => (url ? (ctx.storage.keyOf(url) ?? []) : []));
      await removeFiles([...done.posts.mediaKeys, ...done.storyKeys, ...avatarKeys]);
      await deps.exports.removeFiles(exportFiles);
      log.info({ userId }, 'account deleted');
    },
  };
}
export type DeletionService = ReturnType<typeof deletionService>;
