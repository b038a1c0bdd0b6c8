import { errorEnvelopeSchema, HASHTAG_LIMITS, postResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { act } from '../safety/testing';
import { comment, idsTagged, searchTags, tagPage } from './testing';

/** A tag of this run only, so suites sharing a database never see each other's posts. */
const unique = (name: string) => `${name}${Math.random().toString(36).slice(2, 8)}`;

describe.each(dialects())('tag pages on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('lists the posts carrying a tag, newest first and paged, whatever the case or composition it was written in', async () => {
    const [ana, ben] = [await createUser(t.app), await createUser(t.app)];
    const tag = unique('café');
    const first = await createPost(t.app, ana, `Morning at the #${tag.toUpperCase()}`);
    const second = await createPost(t.app, ben, `#${tag.normalize('NFD')} again`);
    const third = await createPost(t.app, ana, `Third #${tag} #${tag}, once`);
    await createPost(t.app, ana, 'No tag here');

    const page1 = await tagPage(t.app, ben, tag.toUpperCase(), '?limit=2');
    expect(page1.data.map((p) => p._id)).toEqual([third, second]);
    expect(page1.pagination).toEqual({ currentPage: 1, limit: 2, total: 3, totalPages: 2, hasMore: true });
    const page2 = await tagPage(t.app, ben, tag, '?page=2&limit=2');
    expect(page2.data.map((p) => p._id)).toEqual([first]);
    expect(page2.pagination.hasMore).toBe(false);
    // Whole posts, as the feed shows them.
    expect(page2.data[0]).toMatchObject({ content: `Morning at the #${tag.toUpperCase()}`, author: { _id: ana.user._id } });
  });

  it('reads no tag inside a web address, from a number, or past the first ten of a post', async () => {
    const me = await createUser(t.app);
    const word = unique('anchor');
    const tags = Array.from({ length: HASHTAG_LIMITS.perText + 2 }, (_, i) => `${word}n${i}`);
    const id = await createPost(t.app, me, `https://example.com/page#${word} #2024 ${tags.map((x) => `#${x}`).join(' ')}`);
    expect(await idsTagged(t.app, me, word)).toEqual([]);
    expect(await idsTagged(t.app, me, tags[HASHTAG_LIMITS.perText - 1])).toEqual([id]);
    expect(await idsTagged(t.app, me, tags[HASHTAG_LIMITS.perText])).toEqual([]);
    expect((await searchTags(t.app, me, word)).map((x) => x.tag)).toEqual(tags.slice(0, HASHTAG_LIMITS.perText));
  });

  it('follows an edit: a tag taken out leaves the page, a tag put in joins it', async () => {
    const me = await createUser(t.app);
    const [before, after] = [unique('before'), unique('after')];
    const id = await createPost(t.app, me, `Draft #${before}`);
    const res = await as(t.app, me)({ method: 'PATCH', url: `/posts/${id}`, payload: { content: `Final #${after}` } });
    expect(bodyOf(res, postResponseSchema).post.content).toBe(`Final #${after}`);
    expect(await idsTagged(t.app, me, before)).toEqual([]);
    expect(await idsTagged(t.app, me, after)).toEqual([id]);
    expect(await searchTags(t.app, me, before)).toEqual([]);
  });

  it('drops a deleted post from its tag page and the search', async () => {
    const me = await createUser(t.app);
    const tag = unique('gone');
    const [kept, deleted] = [await createPost(t.app, me, `#${tag} one`), await createPost(t.app, me, `#${tag} two`)];
    expect((await as(t.app, me)({ method: 'DELETE', url: `/posts/${deleted}` })).statusCode).toBe(200);
    expect(await idsTagged(t.app, me, tag)).toEqual([kept]);
    expect(await searchTags(t.app, me, tag)).toEqual([{ tag, posts: 1 }]);
  });

  it('brings a post by a tag in one of its comments, once, until that comment is deleted', async () => {
    const [author, commenter] = [await createUser(t.app), await createUser(t.app)];
    const tag = unique('thread');
    const tagged = await createPost(t.app, author, `#${tag} starts here`);
    const untagged = await createPost(t.app, author, 'A plain post');
    await comment(t.app, commenter, tagged, `Yes #${tag}`);
    const byComment = await comment(t.app, commenter, untagged, `Also #${tag.toUpperCase()}`);
    expect(await idsTagged(t.app, author, tag)).toEqual([untagged, tagged]);
    expect((await tagPage(t.app, author, tag)).pagination.total).toBe(2);
    // Pages run across both kinds of use.
    expect((await tagPage(t.app, author, tag, '?page=2&limit=1')).data.map((p) => p._id)).toEqual([tagged]);

    // The post's author removes the comment: the post leaves the page.
    expect((await as(t.app, author)({ method: 'DELETE', url: `/comments/${byComment}` })).statusCode).toBe(200);
    expect(await idsTagged(t.app, author, tag)).toEqual([tagged]);
  });

  it('never shows a blocked or suspended person’s post, nor a post brought only by their comment', async () => {
    const [viewer, blocked, blocker, suspended, friendly] = await Promise.all(Array.from({ length: 5 }, () => createUser(t.app)));
    const tag = unique('safe');
    const visible = await createPost(t.app, friendly, `#${tag} fine`);
    await createPost(t.app, blocked, `#${tag} blocked author`);
    await createPost(t.app, blocker, `#${tag} blocker author`);
    await createPost(t.app, suspended, `#${tag} suspended author`);
    const broughtByBlocked = await createPost(t.app, friendly, 'no tag of its own');
    await comment(t.app, blocked, broughtByBlocked, `#${tag} from a blocked person`);
    const blockedPostWithVisibleComment = await createPost(t.app, blocked, 'untagged post');
    await comment(t.app, friendly, blockedPostWithVisibleComment, `#${tag} on a blocked person’s post`);

    await act(t.app, viewer, 'block', blocked);
    await act(t.app, blocker, 'block', viewer);
    await t.app.ctx.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', suspended.user._id)
      .execute();

    expect(await idsTagged(t.app, viewer, tag)).toEqual([visible]);
    expect((await tagPage(t.app, viewer, tag)).pagination.total).toBe(1);
    expect(await searchTags(t.app, viewer, tag)).toEqual([{ tag, posts: 1 }]);
    // Someone else, who blocked nobody, sees all but the suspended person's.
    expect(await idsTagged(t.app, friendly, tag)).toHaveLength(5);
  });

  it('answers an unused tag with an empty page, and refuses what is not a tag or a page', async () => {
    const me = await createUser(t.app);
    expect(await tagPage(t.app, me, unique('nobody'))).toEqual({
      success: true,
      data: [],
      pagination: { currentPage: 1, limit: 10, total: 0, totalPages: 1, hasMore: false },
    });
    for (const url of [
      '/tags/2024/posts',
      '/tags/two%20words/posts',
      '/tags/%23hash/posts',
      `/tags/${'a'.repeat(HASHTAG_LIMITS.maxLength + 1)}/posts`,
      '/tags/plaza/posts?limit=0',
      '/tags/plaza/posts?limit=51',
      '/tags/plaza/posts?page=first',
    ]) {
      const res = await as(t.app, me)({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      bodyOf(res, errorEnvelopeSchema);
    }
    expect((await as(t.app, null)({ method: 'GET', url: '/tags/plaza/posts' })).statusCode).toBe(401);
  });
});
