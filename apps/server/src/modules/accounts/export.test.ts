import { exportResponseSchema, type DataExport } from '@plaza/contract';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { as, createUser, sendChatMessage, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { useMailbox } from '../../../test/mailbox';
import { bodyOf, errorOf } from '../../../test/replies';
import { adminWithFriends, createGroup } from '../chat/testing';
import { befriend, createPost } from '../posts/testing';
import { createStory } from '../stories/testing';

/** Every file of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const jsonIn = <T>(files: Map<string, Buffer>, name: string): T => JSON.parse(files.get(name)?.toString() ?? 'null') as T;

describe.each(dialects())('data export on %s', (dialect) => {
  const mailbox = useMailbox();
  const t = useTestApp(dialect, mailbox.env);

  async function readyExport(u: TestUser): Promise<DataExport> {
    for (let i = 0; i < 100; i++) {
      const res = await as(t.app, u)({ method: 'GET', url: '/users/me/export' });
      const exp = bodyOf(res, exportResponseSchema).export;
      if (exp.status !== 'pending') return exp;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the export never finished');
  }

  it('prepares a zip in the background whose JSON lists the posts, comments, reactions, messages and stories, with the media', async () => {
    const me = await createUser(t.app, { fullName: 'Export Me' });
    const friend = await createUser(t.app, { fullName: 'Friend Of Mine' });
    await befriend(t.app, me, friend);
    await createPost(t.app, me, 'my first post');
    await createPost(t.app, me, 'my post with a picture', 1);
    const theirs = await createPost(t.app, friend, 'a friend post');
    await as(t.app, me)({ method: 'POST', url: `/comments/posts/${theirs}/comments`, payload: { commentContent: 'nice one' } });
    await as(t.app, me)({ method: 'PUT', url: `/posts/react/${theirs}`, payload: { reactionType: 'fire' } });
    await createStory(t.app, me, 'my story');
    const sent = await sendChatMessage(t.app, me, friend, 'hello friend');
    expect(sent.statusCode).toBe(201);

    expect((await as(t.app, me)({ method: 'GET', url: '/users/me/export' })).statusCode).toBe(404);
    const started = await as(t.app, me)({ method: 'POST', url: '/users/me/export' });
    expect(started.statusCode).toBe(202);
    expect(bodyOf(started, exportResponseSchema).export.status).toBe('pending');

    const exp = await readyExport(me);
    expect(exp.status).toBe('ready');
    expect(exp.url).toMatch(/^\/api\/v1\/users\/me\/export\/[^/]+\/download\?expires=\d+&sig=/);
    const zip = await t.app.inject({ method: 'GET', url: exp.url ?? '' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['cache-control']).toContain('private');

    const files = await unzip(zip.rawPayload);
    for (const name of ['profile.json', 'posts.json', 'comments.json', 'reactions.json', 'messages.json', 'stories.json']) {
      expect(files.has(name), name).toBe(true);
    }
    expect(jsonIn<{ user: { userName: string } }>(files, 'profile.json').user.userName).toBe(me.user.userName);
    const posts = jsonIn<Array<{ content: string; images: Array<{ file: string }> }>>(files, 'posts.json');
    expect(posts.map((p) => p.content)).toEqual(['my first post', 'my post with a picture']);
    const picture = posts[1].images[0].file;
    expect(picture).toMatch(/^media\/posts\/.+\.webp$/);
    expect(files.get(picture)?.subarray(0, 4).toString()).toBe('RIFF');
    expect(jsonIn<Array<{ content: string; postId: string }>>(files, 'comments.json')).toMatchObject([
      { content: 'nice one', postId: theirs },
    ]);
    expect(jsonIn<Array<{ kind: string }>>(files, 'reactions.json')).toMatchObject([{ postId: theirs, kind: 'fire' }]);
    expect(jsonIn<unknown[]>(files, 'messages.json')).toMatchObject([
      { direction: 'sent', text: 'hello friend', with: { userName: friend.user.userName } },
    ]);
    const stories = jsonIn<Array<{ caption: string; file: string }>>(files, 'stories.json');
    expect(stories).toMatchObject([{ caption: 'my story' }]);
    expect(files.has(stories[0].file)).toBe(true);

    const mail = await mailbox.next(me.user.email, /ready to download/);
    expect(mail.text).toContain('http://plaza.test/settings');
  });

  it('lets nobody else download it: not without the signature, not with a changed one, and others see no export', async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    await createPost(t.app, me, 'private enough');
    await as(t.app, me)({ method: 'POST', url: '/users/me/export' });
    const url = new URL((await readyExport(me)).url ?? '', 'http://x');

    expect((await as(t.app, other)({ method: 'GET', url: '/users/me/export' })).statusCode).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(bare.statusCode).toBe(400);
    const sig = url.searchParams.get('sig') ?? '';
    const forged = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${sig.slice(0, -2)}AA`;
    expect(errorOf(await t.app.inject({ method: 'GET', url: forged })).error).toBe('Forbidden');
    const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&sig=${sig}`;
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(403);
    const anotherExport = url.pathname.replace(/export\/[^/]+\//, 'export/0190aaaa-0000-7000-8000-000000000000/');
    expect((await t.app.inject({ method: 'GET', url: `${anotherExport}${url.search}` })).statusCode).toBe(404);
  });

  it('answers the export still being prepared instead of starting a second one', async () => {
    const me = await createUser(t.app);
    const [a, b] = await Promise.all([
      as(t.app, me)({ method: 'POST', url: '/users/me/export' }),
      as(t.app, me)({ method: 'POST', url: '/users/me/export' }),
    ]);
    const first = bodyOf(a, exportResponseSchema).export;
    const second = bodyOf(b, exportResponseSchema).export;
    expect([first.status, second.status]).toEqual(['pending', second._id === first._id ? 'pending' : second.status]);
    await readyExport(me);
  });

  it("holds the person's groups with what they wrote there, also in a group they left, and never the others' messages", async () => {
    const { admin, friends } = await adminWithFriends(t.app, 3);
    const me = friends[0];
    const trip = await createGroup(t.app, admin, friends, 'Trip');
    const team = await createGroup(t.app, admin, friends.slice(0, 2), 'Team');
    const say = async (who: TestUser, id: string, messageText: string) =>
      expect((await as(t.app, who)({ method: 'POST', url: `/chats/groups/${id}/messages`, payload: { messageText } })).statusCode).toBe(
        201,
      );
    await say(admin, trip._id, 'Where to?');
    await say(me, trip._id, 'The lake');
    await say(friends[1], trip._id, 'Not again');
    await say(me, team._id, 'Bye all');
    expect((await as(t.app, me)({ method: 'DELETE', url: `/chats/groups/${team._id}/members/${me.user._id}` })).statusCode).toBe(200);

    expect((await as(t.app, me)({ method: 'POST', url: '/users/me/export' })).statusCode).toBe(202);
    const files = await unzip((await t.app.inject({ method: 'GET', url: (await readyExport(me)).url ?? '' })).rawPayload);
    const groups = jsonIn<Array<{ id: string; name: string; role: string | null; messages: Array<{ text: string }> }>>(
      files,
      'groups.json',
    );
    expect(groups).toMatchObject([
      { id: trip._id, name: 'Trip', role: 'member', messages: [{ text: 'The lake' }] },
      { id: team._id, name: 'Team', role: null, messages: [{ text: 'Bye all' }] },
    ]);
    expect(groups.flatMap((g) => g.messages)).toHaveLength(2);
    // The one-to-one messages stay where they were: group messages are not among them.
    expect(jsonIn<unknown[]>(files, 'messages.json')).toEqual([]);
  });
});
