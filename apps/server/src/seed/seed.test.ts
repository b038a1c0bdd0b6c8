import { feedResponseSchema, loginResponseSchema, REACTION_TYPES } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { bodyOf } from '../../test/replies';
import { seedAccounts } from './accounts';
import { peopleSeed } from './people';
import { postsSeedStep } from './posts';

describe('npm run seed', () => {
  const t = useTestApp('sqlite');

  it("leaves the demo user's feed showing their own reactions and saved posts", async () => {
    const people = await seedAccounts(t.app.ctx, () => {});
    for (const step of [peopleSeed, postsSeedStep]) await step.run(t.app.ctx, people, () => {});
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { identifier: people.demo.user_name, password: people.password },
    });
    const authorization = `Bearer ${bodyOf(login, loginResponseSchema).accessToken}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/posts/${people.demo.user_name}/feeds?limit=50`,
      headers: { authorization },
    });
    const feeds = bodyOf(res, feedResponseSchema).data.feeds;
    expect(feeds.length).toBe(50);

    const db = t.app.ctx.db;
    const ids = feeds.map((p) => p._id);
    const reactions = await db
      .selectFrom('post_reactions')
      .select(['post_id', 'kind'])
      .where('user_id', '=', people.demo.id)
      .where('post_id', 'in', ids)
      .execute();
    const saved = new Set(
      (
        await db.selectFrom('post_favorites').select('post_id').where('user_id', '=', people.demo.id).where('post_id', 'in', ids).execute()
      ).map((r) => r.post_id),
    );
    for (const post of feeds) {
      const kinds = new Set(reactions.filter((r) => r.post_id === post._id).map((r) => r.kind));
      expect(post.currentUserReactions).toEqual(REACTION_TYPES.filter((k) => kinds.has(k)));
      expect(post.isFavorite).toBe(saved.has(post._id));
    }
    // Not a vacuous check: the demo user has marks on this page.
    expect(feeds.some((p) => p.currentUserReactions.length > 0)).toBe(true);
  }, 120_000);
});
