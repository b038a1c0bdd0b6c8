import { networkResponseSchema, userSearchResponseSchema } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';

describe.each(dialects())('user search on %s', (dialect) => {
  const t = useTestApp(dialect);
  const search = async (who: TestUser, query: string) => {
    const res = await as(t.app, who)({ method: 'GET', url: `/search/users?query=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    return bodyOf(res, userSearchResponseSchema).users;
  };

  it('ranks an exact name, then prefixes, then later words of the full name, then substrings; never the caller', async () => {
    const me = await createUser(t.app, { userName: 'zora_caller', fullName: 'Zora Caller' });
    await createUser(t.app, { userName: 'blazor', fullName: 'Bob Lazor' });
    await createUser(t.app, { userName: 'amazoric', fullName: 'Amazing Person' });
    await createUser(t.app, { userName: 'ann_z', fullName: 'Ann Zorander' });
    await createUser(t.app, { userName: 'zorro_s', fullName: 'Zorro Smith' });
    await createUser(t.app, { userName: 'zor', fullName: 'Zed Zee' });
    await createUser(t.app, { userName: 'nothing_here', fullName: 'Unrelated Person' });
    expect((await search(me, 'ZOR')).map((u) => u.userName)).toEqual(['zor', 'zorro_s', 'ann_z', 'amazoric', 'blazor']);
    expect((await search(me, 'zOrAnDeR')).map((u) => u.userName)).toEqual(['ann_z']);
  });

  it('gives the same answer to everyone who asks, leaving each caller out of their own', async () => {
    const one = await createUser(t.app, { userName: 'qsh_one' });
    const two = await createUser(t.app, { userName: 'qsh_two' });
    expect((await search(one, 'qsh')).map((u) => u.userName)).toEqual(['qsh_two']);
    expect((await search(two, 'qsh')).map((u) => u.userName)).toEqual(['qsh_one']);
  });

  it('puts a substring at a word start before one inside a word', async () => {
    const me = await createUser(t.app);
    await createUser(t.app, { userName: 'aaa_inside', fullName: 'Pokiwimba Person' });
    await createUser(t.app, { userName: 'zzz.kiwi', fullName: 'Other Person' });
    expect((await search(me, 'kiwi')).map((u) => u.userName)).toEqual(['zzz.kiwi', 'aaa_inside']);
  });

  it('finds a substring only where its letters stand together, not where its three-letter pieces lie apart', async () => {
    const me = await createUser(t.app);
    await createUser(t.app, { userName: 'qwxa_joined', fullName: 'Pqwxyz Person' });
    // Holds "qwx" and "wxy" but never "qwxy".
    await createUser(t.app, { userName: 'qwxa_apart', fullName: 'Qwx Wxy' });
    expect((await search(me, 'qwxy')).map((u) => u.userName)).toEqual(['qwxa_joined']);
  });

  it('answers an empty list for a blank query, and treats LIKE wildcards literally', async () => {
    const me = await createUser(t.app);
    expect(await search(me, '')).toEqual([]);
    expect(await search(me, '   ')).toEqual([]);
    expect(await search(me, '%')).toEqual([]);
    expect(bodyOf(await as(t.app, me)({ method: 'GET', url: '/search/users' }), userSearchResponseSchema)).toEqual({
      success: true,
      users: [],
    });
  });

  it('returns at most 20 users, public fields only', async () => {
    const me = await createUser(t.app);
    for (let i = 0; i < 23; i++) await createUser(t.app, { userName: `manyq_${String(i).padStart(2, '0')}` });
    const users = await search(me, 'manyq');
    expect(users).toHaveLength(20);
    expect(users.map((u) => u.userName)).toEqual(Array.from({ length: 20 }, (_, i) => `manyq_${String(i).padStart(2, '0')}`));
    expect(Object.keys(users[0]).sort()).toEqual(['_id', 'createdAt', 'fullName', 'userBio', 'userImage', 'userName']);
  });

  it('counts a name as a prefix match even when a character beyond U+FFFF follows the query', async () => {
    const me = await createUser(t.app);
    const prefixed = await createUser(t.app, { userName: 'zz_emoji', fullName: 'Q.j🎸 Band' });
    const inside = await createUser(t.app, { userName: 'aaq.j_two', fullName: 'Other Person' });
    expect((await search(me, 'q.j')).map((x) => x._id)).toEqual([prefixed.user._id, inside.user._id]);
  });

  it('follows renames: the new name is found by prefix and by substring, the old one no more', async () => {
    const me = await createUser(t.app);
    const u = await createUser(t.app, { userName: 'before_rename', fullName: 'Oldname Person' });
    // Asked once before the rename, so a kept answer would show the old name.
    expect((await search(me, 'oldname')).map((x) => x._id)).toEqual([u.user._id]);
    const rename = await as(
      t.app,
      u,
    )({ method: 'PATCH', url: '/users/me', payload: { userName: 'after_rename', fullName: 'Newname Person' } });
    expect(rename.statusCode).toBe(200);
    expect(await search(me, 'oldname')).toEqual([]);
    expect(await search(me, 'before_ren')).toEqual([]);
    expect((await search(me, 'ewnam')).map((x) => x._id)).toEqual([u.user._id]);
    expect((await search(me, 'after_r')).map((x) => x._id)).toEqual([u.user._id]);
    const network = await as(t.app, me)({ method: 'GET', url: '/users/network?search=ewname' });
    expect(bodyOf(network, networkResponseSchema).data.map((x) => x._id)).toEqual([u.user._id]);
  });

  it('refuses a search without a token, and a query over 100 characters', async () => {
    expect((await as(t.app, null)({ method: 'GET', url: '/search/users?query=ab' })).statusCode).toBe(401);
    const me = await createUser(t.app);
    expect((await as(t.app, me)({ method: 'GET', url: `/search/users?query=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });
});
