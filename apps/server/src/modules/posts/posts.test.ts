import {
  commentResponseSchema,
  favoritesResponseSchema,
  LIMITS,
  postResponseSchema,
  successSchema,
  userPostsResponseSchema,
} from '@plaza/contract';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as, createUser, pngImage } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { notificationsOf } from '../notifications/testing';
import { createPost, imageFile, sendPost } from './testing';

describe.each(dialects())('posts on %s', (dialect) => {
  const t = useTestApp(dialect);
  const fileOf = (url: string) => t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(url)!);
  const storedPostFiles = async () =>
    existsSync(path.join(t.config.mediaDir, 'posts')) ? (await readdir(path.join(t.config.mediaDir, 'posts'))).length : 0;
  const postRows = async (authorId: string) => t.app.ctx.db.selectFrom('posts').select('id').where('author_id', '=', authorId).execute();

  describe('publishing', () => {
    it('answers 201 with the post in the contract shape, trimmed, with empty counters', async () => {
      const ada = await createUser(t.app);
      const res = await sendPost(t.app, ada, '  First light over the hills  ');
      expect(res.statusCode).toBe(201);
      const { post } = bodyOf(res, postResponseSchema);
      expect(post).toMatchObject({
        author: { _id: ada.user._id, userName: ada.user.userName },
        content: 'First light over the hills',
        media: [],
        reactionCounts: { heart: 0, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
        totalReactions: 0,
        currentUserReactions: [],
        commentsCount: 0,
        isFavorite: false,
      });
      expect(res.body).not.toMatch(/email|password/);
    });

    it('re-encodes images: orientation applied, EXIF dropped, a 400 px thumbnail beside the main image', async () => {
      const ada = await createUser(t.app);
      // 300×200 pixels with an EXIF "rotate 90°" flag: upright it is 200 wide and 300 tall.
      const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366aa' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-here' } } })
        .toBuffer();
      const res = await sendPost(t.app, ada, '', [imageFile(rotated, 'camera.jpg', 'image/jpeg'), imageFile(await pngImage(2400, 1200))]);
      expect(res.statusCode).toBe(201);
      const [first, second] = bodyOf(res, postResponseSchema).post.media;
      expect(first).toMatchObject({ type: 'image', width: 200, height: 300 });
      expect(second).toMatchObject({ width: 2048, height: 1024 });
      const stored = await sharp(fileOf(first.url)).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.format).toBe('webp');
      const thumb = await sharp(fileOf(second.thumbUrl)).metadata();
      expect([thumb.width, thumb.height]).toEqual([400, 400]);
    });

    it('refuses a blank post without images with 400', async () => {
      const ada = await createUser(t.app);
      for (const content of [undefined, '', '   \n  ']) {
        const res = await sendPost(t.app, ada, content);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ success: false, details: [{ path: 'content' }] });
      }
      expect(await postRows(ada.user._id)).toHaveLength(0);
    });

    it('refuses text over 5,000 characters with 400', async () => {
      const ada = await createUser(t.app);
      expect((await sendPost(t.app, ada, 'x'.repeat(LIMITS.postContent.max))).statusCode).toBe(201);
      expect((await sendPost(t.app, ada, 'x'.repeat(LIMITS.postContent.max + 1))).statusCode).toBe(400);
    });

    it('refuses five images with 400 and stores nothing', async () => {
      const ada = await createUser(t.app);
      const before = await storedPostFiles();
      const png = await pngImage(40, 40);
      const res = await sendPost(
        t.app,
        ada,
        'too many',
        Array.from({ length: 5 }, () => imageFile(png)),
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.[0].path).toBe('images');
      expect(await postRows(ada.user._id)).toHaveLength(0);
      expect(await storedPostFiles()).toBe(before);
    });

    it('refuses an executable renamed .png with 415, even beside a good image, and stores nothing', async () => {
      const ada = await createUser(t.app);
      const before = await storedPostFiles();
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)]);
      const res = await sendPost(t.app, ada, 'look', [imageFile(await pngImage()), imageFile(elf, 'cute-cat.png', 'image/png')]);
      expect(res.statusCode).toBe(415);
      expect(errorOf(res)).toMatchObject({ success: false, error: 'Unsupported Media Type' });
      expect(await postRows(ada.user._id)).toHaveLength(0);
      expect(await storedPostFiles()).toBe(before);
    });

    it('refuses a damaged image whose first bytes look right with 415', async () => {
      const ada = await createUser(t.app);
      const fake = Buffer.concat([(await pngImage()).subarray(0, 16), Buffer.alloc(2000, 7)]);
      const res = await sendPost(t.app, ada, 'broken', [imageFile(fake)]);
      expect(res.statusCode).toBe(415);
      expect(await postRows(ada.user._id)).toHaveLength(0);
    });

    it('refuses an image over 10 MB with 413', async () => {
      const ada = await createUser(t.app);
      const big = Buffer.concat([(await pngImage()).subarray(0, 8), Buffer.alloc(LIMITS.imageBytes + 1 - 8, 1)]);
      const res = await sendPost(t.app, ada, 'huge', [imageFile(big)]);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).success).toBe(false);
      expect(await postRows(ada.user._id)).toHaveLength(0);
    });

    it('refuses a JSON body with 415 and an anonymous caller with 401', async () => {
      const ada = await createUser(t.app);
      expect((await as(t.app, ada)({ method: 'POST', url: '/posts', payload: { content: 'hi' } })).statusCode).toBe(415);
      expect((await as(t.app, null)({ method: 'POST', url: '/posts', payload: { content: 'hi' } })).statusCode).toBe(401);
    });
  });

  describe('reading', () => {
    it('lists my posts and a person’s posts newest first with pagination; an unknown person is 404', async () => {
      const ada = await createUser(t.app);
      const bob = await createUser(t.app);
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await createPost(t.app, ada, `post ${i}`));
      const mine = bodyOf(await as(t.app, ada)({ method: 'GET', url: '/posts/my-posts?limit=2' }), userPostsResponseSchema);
      expect(mine.userPosts.map((p) => p._id)).toEqual([ids[2], ids[1]]);
      expect(mine.pagination).toEqual({ currentPage: 1, limit: 2, total: 3, totalPages: 2, hasMore: true });
      const seen = bodyOf(
        await as(t.app, bob)({ method: 'GET', url: `/posts/user/${ada.user.userName.toUpperCase()}?page=2&limit=2` }),
        userPostsResponseSchema,
      );
      expect(seen.userPosts.map((p) => p._id)).toEqual([ids[0]]);
      expect(seen.pagination.hasMore).toBe(false);
      expect((await as(t.app, bob)({ method: 'GET', url: '/posts/user/nobody_by_that_name' })).statusCode).toBe(404);
    });

    it('opens one post by id and answers 404 for an unknown one', async () => {
      const ada = await createUser(t.app);
      const id = await createPost(t.app, ada);
      expect(bodyOf(await as(t.app, ada)({ method: 'GET', url: `/posts/${id}` }), postResponseSchema).post._id).toBe(id);
      expect((await as(t.app, ada)({ method: 'GET', url: '/posts/no-such-post' })).statusCode).toBe(404);
    });
  });

  describe('deleting', () => {
    it("answers 403 for someone else's post and 404 for an unknown one", async () => {
      const ada = await createUser(t.app);
      const eve = await createUser(t.app);
      const id = await createPost(t.app, ada);
      const res = await as(t.app, eve)({ method: 'DELETE', url: `/posts/${id}` });
      expect(res.statusCode).toBe(403);
      expect((await as(t.app, ada)({ method: 'GET', url: `/posts/${id}` })).statusCode).toBe(200);
      expect((await as(t.app, eve)({ method: 'DELETE', url: '/posts/no-such-post' })).statusCode).toBe(404);
    });

    it('removes the post with its image files, reactions, comments and favorites', async () => {
      const ada = await createUser(t.app);
      const bob = await createUser(t.app);
      const created = bodyOf(await sendPost(t.app, ada, 'bye soon', [imageFile(await pngImage(300, 200))]), postResponseSchema).post;
      const files = [fileOf(created.media[0].url), fileOf(created.media[0].thumbUrl)];
      expect(files.every((f) => existsSync(f))).toBe(true);
      const bobSays = as(t.app, bob);
      await bobSays({ method: 'PUT', url: `/posts/react/${created._id}`, payload: { reactionType: 'heart' } });
      const { comment } = bodyOf(
        await bobSays({ method: 'POST', url: `/comments/posts/${created._id}/comments`, payload: { commentContent: 'nice' } }),
        commentResponseSchema,
      );
      await bobSays({ method: 'POST', url: `/comments/${comment._id}/like` });
      await bobSays({ method: 'PUT', url: `/posts/${created._id}/favorite` });
      const kept = await createPost(t.app, ada, 'this one stays');
      await bobSays({ method: 'PUT', url: `/posts/react/${kept}`, payload: { reactionType: 'clap' } });
      expect((await notificationsOf(t.app, ada)).map((n) => n.entity_id).sort()).toEqual([created._id, created._id, kept].sort());

      const res = await as(t.app, ada)({ method: 'DELETE', url: `/posts/${created._id}` });
      expect(bodyOf(res, successSchema)).toEqual({ success: true });
      expect((await as(t.app, ada)({ method: 'GET', url: `/posts/${created._id}` })).statusCode).toBe(404);
      expect(files.some((f) => existsSync(f))).toBe(false);
      const db = t.app.ctx.db;
      expect(await db.selectFrom('post_reactions').select('user_id').where('post_id', '=', created._id).execute()).toHaveLength(0);
      expect(await db.selectFrom('comments').select('id').where('post_id', '=', created._id).execute()).toHaveLength(0);
      expect(await db.selectFrom('comment_likes').select('user_id').where('comment_id', '=', comment._id).execute()).toHaveLength(0);
      expect(await db.selectFrom('post_favorites').select('user_id').where('post_id', '=', created._id).execute()).toHaveLength(0);
      expect(await db.selectFrom('feed_items').select('owner_id').where('post_id', '=', created._id).execute()).toHaveLength(0);
      expect(bodyOf(await bobSays({ method: 'GET', url: '/posts/favorites' }), favoritesResponseSchema).posts).toEqual([]);
      // What Ada was told about the deleted post goes with it; the rest stays.
      expect((await notificationsOf(t.app, ada)).map((n) => n.entity_id)).toEqual([kept]);
    });
  });
});
