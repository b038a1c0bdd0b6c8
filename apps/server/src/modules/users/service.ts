/** The signed-in user's own account: profile fields, avatar, user-name availability. */
import type { UpdateMeBody } from '@plaza/contract';
import { userNameSchema } from '@plaza/contract';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { ConflictError, NotFoundError, sentence } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { processImage } from '../../media/images';
import { presentSelfUser } from './presenters';
import { userRepo, type UserRow } from './repo';
import { cachedSelfReplies } from './self-reply';

export function accountService(ctx: AppContext) {
  const users = userRepo(ctx.db);

  async function load(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new NotFoundError(sentence('error.account.gone'));
    return user;
  }

  const selfReply = cachedSelfReplies(ctx.events, async (userId) =>
    JSON.stringify({ success: true, user: presentSelfUser(await load(userId)) }),
  );

  /** What others see of this person changed: their posts are rendered afresh (cache/post-cache.ts). */
  async function saveProfile(userId: string, patch: Partial<UserRow>) {
    await users.update(userId, patch);
    ctx.events.publish('profileChanged', { userId });
  }

  return {
    load,

    /** `GET /users/me`'s body as JSON, kept until something it shows changes (self-reply.ts). */
    selfReply,

    /** `true` when the name is free and well-formed. */
    async userNameAvailable(name: string): Promise<boolean> {
      if (!userNameSchema.safeParse(name).success) return false;
      return !(await users.userNameTaken(name));
    },

    async update(userId: string, patch: UpdateMeBody): Promise<UserRow> {
      const user = await load(userId);
      const set: Partial<UserRow> = { updated_at: nowIso() };
      if (patch.fullName !== undefined) Object.assign(set, { full_name: patch.fullName, full_name_lower: patch.fullName.toLowerCase() });
      if (patch.userBio !== undefined) set.user_bio = patch.userBio === '' ? null : patch.userBio;
      if (patch.userName !== undefined && patch.userName.toLowerCase() !== user.user_name_lower) {
        if (await users.userNameTaken(patch.userName, userId)) throw new ConflictError(sentence('error.user.nameTaken'));
      }
      if (patch.language !== undefined) set.language = patch.language;
      if (patch.userName !== undefined) Object.assign(set, { user_name: patch.userName, user_name_lower: patch.userName.toLowerCase() });
      try {
        await saveProfile(userId, set);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(sentence('error.user.nameTaken'));
        throw err;
      }
      return load(userId);
    },

    async setAvatar(userId: string, bytes: Buffer): Promise<UserRow> {
      const user = await load(userId);
      const img = await processImage(bytes, { maxSize: 512, thumbSize: 96, square: true });
      const main = await ctx.storage.put('avatars', 'webp', img.main);
      const thumb = await ctx.storage.put('avatars', 'webp', img.thumb);
      await saveProfile(userId, { avatar_url: main.url, avatar_thumb_url: thumb.url, updated_at: nowIso() });
      // The new picture is saved: a leftover old file is logged, never reported as a failed upload.
      for (const old of [user.avatar_url, user.avatar_thumb_url]) {
        const key = old && ctx.storage.keyOf(old);
        if (key) await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'old avatar file not removed'));
      }
      return load(userId);
    },
  };
}
export type AccountService = ReturnType<typeof accountService>;
