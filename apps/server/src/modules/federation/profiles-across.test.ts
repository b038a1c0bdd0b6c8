/** Profiles between two Plaza servers: a change of name, bio or picture reaches the person's friends there. */
import { visitedProfileResponseSchema, type PublicUser } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, multipart, pngImage, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { befriendAcross, eventually, postInFeed, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

/** `userName` as `who` of `server` sees them. */
async function profileOf(server: PeerServer, who: TestUser, userName: string): Promise<PublicUser> {
  const res = await as(
    server.app,
    who,
  )({
    method: 'GET',
    url: `/users/u/profile/${who.user.userName}/visited/${encodeURIComponent(userName)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf(res, visitedProfileResponseSchema).data.user;
}

describe.each(dialects())('profiles between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it("a new name, bio and picture reach the person's friends on the other server", async () => {
    const mia = await createUser(a.app, { userName: `mia_${dialect}` });
    const ned = await createUser(b.app, { userName: `ned_${dialect}` });
    const { yOnX: nedOnA } = await befriendAcross(a, mia, b, ned);
    const handle = `${ned.user.userName}@${b.host}`;
    await createPost(b.app, ned, 'Before the change');
    await postInFeed(a, mia, (p) => p.author._id === nedOnA, "Ned's post on Mia's server");

    const patched = await as(
      b.app,
      ned,
    )({ method: 'PATCH', url: '/users/me', payload: { fullName: 'Ned Newname', userBio: 'Now a baker' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const seen = await eventually(async () => {
      const user = await profileOf(a, mia, handle);
      return user.fullName === 'Ned Newname' ? user : undefined;
    }, 'the new name on A');
    expect(seen).toMatchObject({ _id: nedOnA, userBio: 'Now a baker', userImage: null });
    // His post shows him by his new name.
    await postInFeed(a, mia, (p) => p.author._id === nedOnA && p.author.fullName === 'Ned Newname', 'the post under the new name');

    const upload = await as(
      b.app,
      ned,
    )({
      method: 'POST',
      url: '/users/me/avatar',
      ...multipart({}, [{ field: 'avatar', filename: 'me.png', contentType: 'image/png', data: await pngImage(300, 200) }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const pictured = await eventually(async () => (await profileOf(a, mia, handle)).userImage ?? undefined, 'the picture on A');
    // Fetched once and served by Mia's own server.
    expect(pictured).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const file = await a.app.inject({ method: 'GET', url: pictured });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/webp');
  });
});
