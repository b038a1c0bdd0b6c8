import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { newId, nowIso } from '../../lib/ids';
import { act } from '../safety/testing';
import { feedPageRepo } from './feed-page-repo';
import { befriend, createPost } from './testing';

describe.each(dialects())('who is reading and their page on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('gives the timeline newest first from any offset, its size up to the anchor, and no rows past its end', async () => {
    const me = await createUser(t.app);
    const friend = await createUser(t.app);
    const muted = await createUser(t.app);
    await befriend(t.app, me, friend);
    await befriend(t.app, me, muted);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await createPost(t.app, i % 2 ? me : friend, `post ${i}`));
    const hidden = await createPost(t.app, muted, 'muted');
    await act(t.app, me, 'mute', muted);
    const anchor = newId();
    const later = await createPost(t.app, friend, 'after the anchor');
    await t.app.ctx.events.settled();

    const pages = feedPageRepo(t.app.ctx.db);
    const read = (limit: number, offset: number) => pages.readerAndPage(limit, { reader: me.user._id, anchor, offset, now: nowIso() });
    const newestFirst = [...ids].reverse();

    const first = await read(3, 0);
    expect(first.userNameLower).toBe(me.user.userName.toLowerCase());
    // The muted friend's post stays on the timeline (counted) but is not shown; the later post is past the anchor.
    expect(first.timelineTotal).toBe(6);
    expect(first.rows.map((r) => r[0])).toEqual(newestFirst.slice(0, 3));
    expect((await read(3, 3)).rows.map((r) => r[0])).toEqual(newestFirst.slice(3));
    const beyond = await read(3, 6);
    expect(beyond).toEqual({ userNameLower: first.userNameLower, timelineTotal: 6, newer: 1, rows: [] });
    expect([hidden, later].some((id) => first.rows.some((r) => r[0] === id))).toBe(false);

    const nobody = await pages.readerAndPage(3, { reader: newId(), anchor, offset: 0, now: nowIso() });
    expect(nobody).toEqual({ userNameLower: null, timelineTotal: 0, newer: 0, rows: [] });
  });
});
