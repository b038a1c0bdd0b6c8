import {
  commentLikeResponseSchema,
  commentResponseSchema,
  commentsResponseSchema,
  LIMITS,
  postResponseSchema,
  successSchema,
} from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { notificationsOf } from '../notifications/testing';
import { createPost } from '../posts/testing';

describe.each(dialects())('comments on %s', (dialect) => {
  const t = useTestApp(dialect);
  const comment = (who: TestUser, postId: string, commentContent: unknown) =>
    as(t.app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent } });
  /** Comments and returns the new comment's id. */
  const commented = async (who: TestUser, postId: string, commentContent: string) =>
    bodyOf(await comment(who, postId, commentContent), commentResponseSchema).comment._id;
  const list = async (who: TestUser, postId: string, query = '') =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/comments/posts/${postId}/comments${query}` }), commentsResponseSchema);
  const commentsCount = async (postId: string, who: TestUser) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema).post.commentsCount;
  const like = (who: TestUser, commentId: string) => as(t.app, who)({ method: 'POST', url: `/comments/${commentId}/like` });
  const liked = async (who: TestUser, commentId: string) => bodyOf(await like(who, commentId), commentLikeResponseSchema);
  const remove = (who: TestUser, commentId: string) => as(t.app, who)({ method: 'DELETE', url: `/comments/${commentId}` });

  it('answers 201 with the comment, trimmed, and counts it on the post', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const res = await comment(bob, id, '  Lovely light!  ');
    expect(res.statusCode).toBe(201);
    const { comment: c } = bodyOf(res, commentResponseSchema);
    expect(c).toMatchObject({ postId: id, commentContent: 'Lovely light!', commentLikes: [], commentAuthor: { _id: bob.user._id } });
    expect(await commentsCount(id, ada)).toBe(1);
  });

  it('refuses blank, too long or missing text with 400 and an unknown post with 404', async () => {
    const ada = await createUser(t.app);
    const id = await createPost(t.app, ada);
    for (const bad of ['', '   ', 'x'.repeat(LIMITS.commentContent.max + 1), undefined]) {
      const res = await comment(ada, id, bad);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.[0].path).toBe('commentContent');
    }
    expect((await comment(ada, id, 'x'.repeat(LIMITS.commentContent.max))).statusCode).toBe(201);
    expect((await comment(ada, 'no-such-post', 'hi')).statusCode).toBe(404);
    expect((await as(t.app, ada)({ method: 'GET', url: '/comments/posts/no-such-post/comments' })).statusCode).toBe(404);
  });

  it('lists newest first with page, limit, total and totalPages', async () => {
    const ada = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push(await commented(ada, id, `comment ${i}`));
    const first = await list(ada, id, '?limit=2');
    expect(first.comments.map((c) => c._id)).toEqual([made[2], made[1]]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const second = await list(ada, id, '?page=2&limit=2');
    expect(second.comments.map((c) => c._id)).toEqual([made[0]]);
  });

  it('deleting a comment lowers the total; the post’s author may delete it too', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const first = await commented(bob, id, 'one');
    const second = await commented(bob, id, 'two');
    expect(bodyOf(await remove(bob, first), successSchema)).toEqual({ success: true });
    expect((await list(ada, id)).pagination.total).toBe(1);
    expect(await commentsCount(id, ada)).toBe(1);
    expect((await remove(ada, second)).statusCode).toBe(200);
    expect((await list(ada, id)).pagination).toMatchObject({ total: 0, totalPages: 1 });
    expect(await commentsCount(id, ada)).toBe(0);
    expect((await remove(ada, second)).statusCode).toBe(404);
  });

  it('answers 403 to someone who wrote neither the comment nor the post', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const eve = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const c = await commented(bob, id, 'mine');
    const res = await remove(eve, c);
    expect(res.statusCode).toBe(403);
    expect((await list(eve, id)).comments.map((x) => x._id)).toEqual([c]);
  });

  it("likes and unlikes with the messages the client keys on, listing the likers' ids", async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const c = await commented(ada, id, 'like me');
    expect(await liked(bob, c)).toEqual({ success: true, userId: bob.user._id, message: 'Comment liked' });
    await like(ada, c);
    expect((await list(ada, id)).comments[0].commentLikes).toEqual([bob.user._id, ada.user._id]);
    expect(await liked(bob, c)).toEqual({ success: true, userId: bob.user._id, message: 'Comment unliked' });
    expect((await list(ada, id)).comments[0].commentLikes).toEqual([ada.user._id]);
    expect((await like(bob, 'no-such-comment')).statusCode).toBe(404);
  });

  it('notifies the post’s author of a comment and the comment’s author of a like, never of their own', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const bobs = await commented(bob, id, 'Great shot');
    const adas = await commented(ada, id, 'Thanks!');
    await like(ada, bobs);
    await like(ada, bobs);
    await like(ada, adas);
    const toAda = await notificationsOf(t.app, ada);
    expect(toAda.map((n) => [n.type, n.actor_id, n.entity_id])).toEqual([['post_comment', bob.user._id, id]]);
    expect(toAda[0].text).toContain('Great shot');
    const toBob = await notificationsOf(t.app, bob);
    expect(toBob.map((n) => [n.type, n.actor_id, n.entity_id])).toEqual([['comment_like', ada.user._id, id]]);
  });
});
