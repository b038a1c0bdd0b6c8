import { feedResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { useSecondServer } from '../../../test/second-server';
import { befriend, createPost } from './testing';

/**
 * The feed without byte splicing (Config.without `byteSplicing`, a benchmark's A/B): a second server on the
 * same database serializes its pages from the contract's schema, and must answer what the spliced one does.
 */
describe.each(dialects())('the home feed without byte splicing on %s', (dialect) => {
  const t = useTestApp(dialect);
  const serialized = useSecondServer(t, { without: ['byteSplicing'] });

  const read = async (app: FastifyInstance, who: TestUser, query: string) => {
    const res = await as(app, who)({ method: 'GET', url: `/posts/${who.user.userName}/feeds${query}` });
    expect(res.statusCode).toBe(200);
    // The serializer's answer must still be what the contract promises.
    bodyOf(res, feedResponseSchema);
    return JSON.parse(res.body) as { data: { feeds: Array<Record<string, unknown>>; anchor: string } };
  };
  /** The same page from both servers (page 1's anchor passed to both, so they page the same feed), parsed. */
  const bothOf = async (who: TestUser, query = '') => {
    const { anchor } = (await read(t.app, who, query)).data;
    const at = `${query ? `${query}&` : '?'}anchor=${anchor}`;
    return { spliced: await read(t.app, who, at), serialized: await read(serialized(), who, at) };
  };

  it('answers an empty feed alike', async () => {
    const loner = await createUser(t.app);
    const { spliced, serialized: other } = await bothOf(loner);
    expect(spliced.data.feeds).toEqual([]);
    expect(other).toStrictEqual(spliced);
  });

  it("answers the same posts, the reader's reactions and favorites and the suggested ones included", async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    const stranger = await createUser(t.app);
    await befriend(t.app, me, friend);
    const mine = await createPost(t.app, me, `hello @${friend.user.userName}`, 1);
    const theirs = await createPost(t.app, friend, 'from a friend');
    const suggested = await createPost(t.app, stranger, 'from a stranger');
    await t.app.ctx.db
      .updateTable('posts')
      .set({
        link_preview: JSON.stringify({
          url: 'https://example.org/',
          title: 'Example',
          description: null,
          image: null,
          siteName: 'example.org',
        }),
      })
      .where('id', '=', theirs)
      .execute();
    await as(t.app, me)({ method: 'PATCH', url: `/posts/${mine}`, payload: { content: `edited, still @${friend.user.userName}` } });
    for (const [id, kind] of [
      [theirs, 'heart'],
      [theirs, 'clap'],
      [suggested, 'fire'],
    ] as const)
      await as(t.app, me)({ method: 'PUT', url: `/posts/react/${id}`, payload: { reactionType: kind } });
    await as(t.app, me)({ method: 'PUT', url: `/posts/${theirs}/favorite` });
    await as(t.app, me)({ method: 'PUT', url: `/posts/${suggested}/favorite` });

    const { spliced, serialized: other } = await bothOf(me, '?limit=50');
    expect(other).toStrictEqual(spliced);
    const byId = new Map(other.data.feeds.map((p) => [p._id, p]));
    expect(byId.get(theirs)).toMatchObject({
      currentUserReactions: ['heart', 'clap'],
      isFavorite: true,
      linkPreview: { title: 'Example' },
    });
    expect(byId.get(theirs)).not.toHaveProperty('suggested');
    expect(byId.get(suggested)).toMatchObject({ currentUserReactions: ['fire'], isFavorite: true, suggested: true });
    expect(byId.get(mine)).toMatchObject({ mentions: [{ userName: friend.user.userName }], media: [{ type: 'image' }] });
    expect(byId.get(mine)?.editedAt).toEqual(expect.any(String));
    // Keys in another order: the serializer wrote it (in the schema's order), not the splicing (the reader's part last).
    const splicedPost = spliced.data.feeds.find((p) => p._id === suggested)!;
    expect(Object.keys(byId.get(suggested)!)).not.toEqual(Object.keys(splicedPost));

    // Again, now from the posts the serializing server keeps, and a page past the end.
    const again = await bothOf(me, '?limit=50');
    expect(again.serialized).toStrictEqual(again.spliced);
    const past = await bothOf(me, '?page=99');
    expect(past.spliced.data.feeds).toEqual([]);
    expect(past.serialized).toStrictEqual(past.spliced);
  });
});
