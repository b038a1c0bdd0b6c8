import { HASHTAG_LIMITS } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { createPost } from '../posts/testing';
import { act } from '../safety/testing';
import { comment, trending } from './testing';

const unique = (name: string) => `${name}${Math.random().toString(36).slice(2, 8)}`;

describe.each(dialects())('trending tags on %s', (dialect) => {
  const t = useTestApp(dialect);
  const entryOf = async (who: Parameters<typeof trending>[1], tag: string) => (await trending(t.app, who)).find((x) => x.tag === tag);

  it('counts distinct people, in posts and comments, and ranks by them before posts', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    const [ana, ben, cai, dee] = people;
    const [wide, busy] = [unique('wide'), unique('busy')];
    // One person, four posts: busy has more posts but fewer people than wide.
    for (let i = 0; i < 4; i++) await createPost(t.app, ana, `#${busy} number ${i}`);
    const post = await createPost(t.app, ben, `#${wide}`);
    await createPost(t.app, cai, `#${wide.toUpperCase()}`);
    await comment(t.app, dee, post, `agreed #${wide}`);
    await comment(t.app, ben, post, `#${wide} twice by the same person`);

    const list = await trending(t.app, ana);
    expect(list.find((x) => x.tag === wide)).toEqual({ tag: wide, people: 3, posts: 2 });
    expect(list.find((x) => x.tag === busy)).toEqual({ tag: busy, people: 1, posts: 4 });
    expect(list.findIndex((x) => x.tag === wide)).toBeLessThan(list.findIndex((x) => x.tag === busy));
    expect(list.length).toBeLessThanOrEqual(HASHTAG_LIMITS.trendingSize);
  });

  it('counts only the last 24 hours', async () => {
    const [ana, ben] = [await createUser(t.app), await createUser(t.app)];
    const tag = unique('window');
    const old = await createPost(t.app, ana, `#${tag} yesterday`);
    await createPost(t.app, ben, `#${tag} today`);
    await t.app.ctx.db
      .updateTable('post_tags')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('post_id', '=', old)
      .execute();
    expect(await entryOf(ana, tag)).toEqual({ tag, people: 1, posts: 1 });
  });

  it('leaves out the people hidden from the viewer', async () => {
    const [viewer, blocked, other] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    const tag = unique('hidden');
    await createPost(t.app, blocked, `#${tag}`);
    const post = await createPost(t.app, other, `#${tag}`);
    await comment(t.app, blocked, post, `#${tag} from the blocked one`);
    await createPost(t.app, viewer, `#${tag} from the viewer`);
    await act(t.app, viewer, 'block', blocked);
    expect(await entryOf(viewer, tag)).toEqual({ tag, people: 2, posts: 2 });
    // Either way: the blocked person does not count the one who blocked them.
    expect(await entryOf(blocked, tag)).toEqual({ tag, people: 2, posts: 2 });
    expect(await entryOf(other, tag)).toEqual({ tag, people: 3, posts: 3 });

    // A further block counts at once for the viewer, whose own list would otherwise serve for a minute.
    await act(t.app, viewer, 'block', other);
    expect((await trending(t.app, viewer, 0)).find((x) => x.tag === tag)).toEqual({ tag, people: 1, posts: 1 });
  });

  it('drops a tag taken out by an edit, and shows a new use within seconds but reuses the list in between', async () => {
    const me = await createUser(t.app);
    const [tag, later] = [unique('edited'), unique('later')];
    const id = await createPost(t.app, me, `#${tag}`);
    expect(await entryOf(me, tag)).toBeDefined();
    await as(t.app, me)({ method: 'PATCH', url: `/posts/${id}`, payload: { content: 'no tags now' } });
    expect(await entryOf(me, tag)).toBeUndefined();

    await createPost(t.app, me, `#${later}`);
    expect((await trending(t.app, me, 0)).some((x) => x.tag === later)).toBe(false);
    expect((await trending(t.app, me, 6_000)).some((x) => x.tag === later)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/tags/trending' })).statusCode).toBe(401);
  });
});
