import { favoritesResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { createPost } from './testing';

describe.each(dialects())('favorites on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('toggles a favorite and lists favorites most recently marked first', async () => {
    const ada = await createUser(t.app);
    const bob = await createUser(t.app);
    const first = await createPost(t.app, ada, 'first');
    const second = await createPost(t.app, ada, 'second');
    const mark = (id: string) => as(t.app, bob)({ method: 'PUT', url: `/posts/${id}/favorite` });
    expect((await mark(second)).json()).toEqual({ success: true, isFavorite: true });
    expect((await mark(first)).json()).toEqual({ success: true, isFavorite: true });

    const listed = favoritesResponseSchema.parse((await as(t.app, bob)({ method: 'GET', url: '/posts/favorites' })).json());
    expect(listed.posts.map((p) => p._id)).toEqual([first, second]);
    expect(listed.posts.every((p) => p.isFavorite)).toBe(true);
    expect(listed.pagination).toMatchObject({ total: 2, currentPage: 1, hasMore: false });

    expect((await mark(first)).json()).toEqual({ success: true, isFavorite: false });
    const after = (await as(t.app, bob)({ method: 'GET', url: '/posts/favorites?limit=1' })).json();
    expect(after.posts.map((p: { _id: string }) => p._id)).toEqual([second]);
    // Favorites are private: the author does not see Bob's mark.
    expect((await as(t.app, ada)({ method: 'GET', url: `/posts/${second}` })).json().post.isFavorite).toBe(false);
    expect((await as(t.app, bob)({ method: 'GET', url: `/posts/${second}` })).json().post.isFavorite).toBe(true);
  });

  it('answers 404 for an unknown post', async () => {
    const ada = await createUser(t.app);
    expect((await as(t.app, ada)({ method: 'PUT', url: '/posts/no-such-post/favorite' })).statusCode).toBe(404);
  });
});
