import { feedResponseSchema, LIMITS, postResponseSchema } from '@plaza/contract';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { befriend, createPost } from './testing';

describe.each(dialects())('editing a post on %s', (dialect) => {
  const t = useTestApp(dialect);
  const edit = (who: Parameters<typeof as>[1], postId: string, payload: unknown) =>
    as(t.app, who)({ method: 'PATCH', url: `/posts/${postId}`, payload: payload as Record<string, unknown> });
  const fileOf = (url: string) => t.app.ctx.storage.pathOf(t.app.ctx.storage.keyOf(url)!);

  it('lets the author change the text, records editedAt, and friends’ feeds show the new text at once', async () => {
    const author = await createUser(t.app);
    const friend = await createUser(t.app);
    await befriend(t.app, author, friend);
    const id = await createPost(t.app, author, 'first draft');
    const feedOf = async () =>
      bodyOf(await as(t.app, friend)({ method: 'GET', url: `/posts/${friend.user.userName}/feeds` }), feedResponseSchema).data.feeds;
    expect((await feedOf())[0]).toMatchObject({ _id: id, content: 'first draft', editedAt: null });

    const res = await edit(author, id, { content: '  second thoughts  ' });
    expect(res.statusCode).toBe(200);
    const { post } = bodyOf(res, postResponseSchema);
    expect(post.content).toBe('second thoughts');
    expect(post.editedAt).not.toBeNull();
    expect(Date.parse(post.editedAt!)).toBeGreaterThanOrEqual(Date.parse(post.createdAt));
    expect((await feedOf())[0]).toMatchObject({ _id: id, content: 'second thoughts', editedAt: post.editedAt });
  });

  it('removes an image by its URL and deletes its files; a post left with nothing is refused', async () => {
    const author = await createUser(t.app);
    const id = await createPost(t.app, author, '', 2);
    const before = bodyOf(await as(t.app, author)({ method: 'GET', url: `/posts/${id}` }), postResponseSchema).post;
    const [first, second] = before.media;
    const res = await edit(author, id, { removeMedia: [first.url] });
    expect(res.statusCode).toBe(200);
    expect(bodyOf(res, postResponseSchema).post.media.map((m) => m.url)).toEqual([second.url]);
    expect(existsSync(fileOf(first.url))).toBe(false);
    expect(existsSync(fileOf(first.thumbUrl))).toBe(false);
    expect(existsSync(fileOf(second.url))).toBe(true);

    const empty = await edit(author, id, { removeMedia: [second.url] });
    expect(empty.statusCode).toBe(400);
    expect(existsSync(fileOf(second.url))).toBe(true);
    const unknown = await edit(author, id, { removeMedia: ['/media/posts/not-here.webp'] });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).details?.[0].path).toBe('removeMedia');
  });

  it("refuses someone else's post with 403, an unknown post with 404, and bad input with 400", async () => {
    const author = await createUser(t.app);
    const other = await createUser(t.app);
    const id = await createPost(t.app, author, 'mine alone');
    const foreign = await edit(other, id, { content: 'hijacked' });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).success).toBe(false);
    expect((await edit(author, '01900000-0000-7000-8000-000000000000', { content: 'x' })).statusCode).toBe(404);
    expect((await edit(author, id, {})).statusCode).toBe(400);
    expect((await edit(author, id, { content: 'x'.repeat(LIMITS.postContent.max + 1) })).statusCode).toBe(400);
    expect((await edit(author, id, { content: '   ' })).statusCode).toBe(400);
    expect((await edit(author, id, { content: 42 })).statusCode).toBe(400);
    expect((await edit(null, id, { content: 'x' })).statusCode).toBe(401);
    const kept = bodyOf(await as(t.app, author)({ method: 'GET', url: `/posts/${id}` }), postResponseSchema).post;
    expect(kept).toMatchObject({ content: 'mine alone', editedAt: null });
  });
});
