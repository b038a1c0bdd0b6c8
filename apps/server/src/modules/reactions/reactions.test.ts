import { postResponseSchema, reactionsResponseSchema, reactResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf, errorOf } from '../../../test/replies';
import { notificationsOf } from '../notifications/testing';
import { createPost } from '../posts/testing';

describe.each(dialects())('reactions on %s', (dialect) => {
  const t = useTestApp(dialect);
  const react = (who: TestUser, postId: string, reactionType: string) =>
    as(t.app, who)({ method: 'PUT', url: `/posts/react/${postId}`, payload: { reactionType } });
  const reacted = async (who: TestUser, postId: string, reactionType: string) =>
    bodyOf(await react(who, postId, reactionType), reactResponseSchema);
  const summary = async (who: TestUser, postId: string) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/posts/p/reactions-all?postId=${postId}` }), reactionsResponseSchema);
  const post = async (who: TestUser, postId: string) =>
    bodyOf(await as(t.app, who)({ method: 'GET', url: `/posts/${postId}` }), postResponseSchema).post;

  it("refuses a kind outside the six ('angry') with 400 and an unknown post with 404", async () => {
    const ada = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const res = await react(ada, id, 'angry');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.[0].path).toBe('reactionType');
    expect((await react(ada, 'no-such-post', 'heart')).statusCode).toBe(404);
    expect((await as(t.app, ada)({ method: 'GET', url: '/posts/p/reactions-all?postId=no-such-post' })).statusCode).toBe(404);
  });

  it('reacting twice with the same kind removes it again', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    expect(await reacted(bob, id, 'fire')).toEqual({ success: true, action: 'added', reactionType: 'fire', totalReactions: 1 });
    expect((await post(bob, id)).currentUserReactions).toEqual(['fire']);
    expect(await reacted(bob, id, 'fire')).toEqual({ success: true, action: 'removed', reactionType: 'fire', totalReactions: 0 });
    const after = await post(bob, id);
    expect(after.currentUserReactions).toEqual([]);
    expect(after.reactionCounts.fire).toBe(0);
  });

  it('lets one person hold several kinds at once, each counted once', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const cy = await createUser(t.app);
    const id = await createPost(t.app, ada);
    await react(bob, id, 'heart');
    await react(bob, id, 'clap');
    const last = await reacted(cy, id, 'heart');
    expect(last.totalReactions).toBe(3);

    const bobView = await post(bob, id);
    expect(bobView.currentUserReactions).toEqual(['heart', 'clap']);
    expect(bobView.reactionCounts).toEqual({ heart: 2, fire: 0, thumbsUp: 0, smile: 0, celebrate: 0, clap: 1 });
    expect(bobView.totalReactions).toBe(3);

    const all = await summary(bob, id);
    expect(all.totalReactions).toBe(3);
    expect(all.currentUserReactions).toEqual(['heart', 'clap']);
    expect(all.reactions.heart.count).toBe(2);
    expect(all.reactions.heart.users.map((u) => u._id)).toEqual([cy.user._id, bob.user._id]);
    expect(all.reactions.clap.users.map((u) => u.userName)).toEqual([bob.user.userName]);
    expect(all.reactions.fire).toEqual({ count: 0, users: [] });
    expect(JSON.stringify(all)).not.toMatch(/email/);
  });

  it('keeps rows and counters consistent under concurrent toggles', async () => {
    const ada = await createUser(t.app);
    const crowd = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const id = await createPost(t.app, ada);
    // Six people at once, and one of them toggling the same kind four times in parallel (an even number).
    await Promise.all([...crowd.map((u) => react(u, id, 'celebrate')), ...Array.from({ length: 4 }, () => react(crowd[0], id, 'smile'))]);
    const view = await post(ada, id);
    const rows = await t.app.ctx.db.selectFrom('post_reactions').select(['kind']).where('post_id', '=', id).execute();
    expect(view.reactionCounts.celebrate).toBe(6);
    expect(view.reactionCounts.smile).toBe(rows.filter((r) => r.kind === 'smile').length);
    expect(view.totalReactions).toBe(rows.length);
  });

  it('answers 100 identical toggles sent at once alike, without an error, and keeps one reaction', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    const replies = await Promise.all(Array.from({ length: 100 }, () => react(bob, id, 'heart')));
    expect(replies.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual([]);
    for (const r of replies) {
      expect(bodyOf(r, reactResponseSchema)).toEqual({ success: true, action: 'added', reactionType: 'heart', totalReactions: 1 });
    }
    const rows = await t.app.ctx.db.selectFrom('post_reactions').select(['user_id']).where('post_id', '=', id).execute();
    expect(rows).toEqual([{ user_id: bob.user._id }]);
    expect((await post(bob, id)).reactionCounts.heart).toBe(1);
    expect(await notificationsOf(t.app, ada)).toHaveLength(1);
    // One toggle after them is a toggle again.
    expect(await reacted(bob, id, 'heart')).toMatchObject({ action: 'removed', totalReactions: 0 });
  });

  it("notifies the post's author of an added reaction, not of a removal nor of their own", async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const id = await createPost(t.app, ada);
    await react(bob, id, 'heart');
    await react(bob, id, 'heart');
    await react(ada, id, 'clap');
    const got = await notificationsOf(t.app, ada);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'post_reaction', actor_id: bob.user._id, entity_id: id });
    expect(got[0].text).toContain('❤️');
    expect(await notificationsOf(t.app, bob)).toHaveLength(0);
  });
});
