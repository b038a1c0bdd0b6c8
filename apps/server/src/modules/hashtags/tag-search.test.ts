import { errorEnvelopeSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { act } from '../safety/testing';
import { searchTags } from './testing';

describe.each(dialects())('tag search on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('finds tags by their start: the exact tag first, then by posts, with or without the #', async () => {
    const me = await createUser(t.app);
    const stem = `srch${Math.random().toString(36).slice(2, 7)}`;
    await createPost(t.app, me, `#${stem}`);
    for (let i = 0; i < 3; i++) await createPost(t.app, me, `#${stem}_popular`);
    await createPost(t.app, me, `#${stem}_rare #${stem}_popular`);
    await createPost(t.app, me, `#other${stem}`);
    const expected = [
      { tag: stem, posts: 1 },
      { tag: `${stem}_popular`, posts: 4 },
      { tag: `${stem}_rare`, posts: 1 },
    ];
    expect(await searchTags(t.app, me, stem.toUpperCase())).toEqual(expected);
    expect(await searchTags(t.app, me, `#${stem}`)).toEqual(expected);
    expect(await searchTags(t.app, me, `${stem}_p`)).toEqual([{ tag: `${stem}_popular`, posts: 4 }]);
  });

  it('counts only the posts the caller could see, and leaves out tags with none', async () => {
    const [viewer, blocked] = [await createUser(t.app), await createUser(t.app)];
    const tag = `hid${Math.random().toString(36).slice(2, 7)}`;
    await createPost(t.app, blocked, `#${tag}`);
    await act(t.app, viewer, 'block', blocked);
    expect(await searchTags(t.app, viewer, tag)).toEqual([]);
    // The blocked person still finds their own post, as does anyone else.
    expect(await searchTags(t.app, blocked, tag)).toEqual([{ tag, posts: 1 }]);
    expect(await searchTags(t.app, await createUser(t.app), tag)).toEqual([{ tag, posts: 1 }]);
  });

  it('finds nothing for a blank query or text no tag could start with, and refuses an overlong one', async () => {
    const me = await createUser(t.app);
    for (const query of ['', '   ', '#', 'two words', '%', '_%']) expect(await searchTags(t.app, me, query), query).toEqual([]);
    const res = await as(t.app, me)({ method: 'GET', url: `/search/tags?query=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    bodyOf(res, errorEnvelopeSchema);
    expect((await as(t.app, null)({ method: 'GET', url: '/search/tags?query=a' })).statusCode).toBe(401);
  });
});
