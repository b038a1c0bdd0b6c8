/**
 * Mastodon compatibility: activities shaped as Mastodon 4 writes them (docs.joinmastodon.org/spec/activitypub,
 * Mastodon's serializers and spec fixtures), signed as Mastodon signs them, sent by a stand-in Mastodon server
 * to a real Plaza server, come out as Plaza's friend requests, posts, comments and reactions; and what Plaza
 * serves and sends is what Mastodon needs (its FEDERATION.md: WebFinger that loops back to the actor, keys
 * owned by their actor, Notes attributed, addressed and dated).
 */
import { friendRequestsResponseSchema, type PublicUser } from '@plaza/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { createPost } from '../posts/testing';
import { PUBLIC, STATUS_CONTEXT, startMastodonStandIn, type Delivery, type MastodonStandIn } from './mastodon-stand-in';
import { act, AP, commentsOn, eventually, feedOf, getPost, postInFeed, statusWith, usePeerServers } from './testing';

// A real server, its queue and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

const AS = 'https://www.w3.org/ns/activitystreams';

describe.each(dialects())('a Mastodon server and Plaza (%s)', (dialect) => {
  const [plaza] = usePeerServers(dialect, 1);
  let masto: MastodonStandIn;
  beforeAll(async () => {
    masto = await startMastodonStandIn(dialect === 'sqlite' ? [34700, 34749] : [34750, 34799]);
  });
  afterAll(() => masto.close());

  const actorOf = (who: TestUser) => `${plaza.url}/ap/users/${who.user._id}`;

  /** The first delivery to the stand-in after `from` of which `match` says yes. */
  const delivered = (match: (d: Delivery) => boolean, what: string, from = 0) =>
    eventually(async () => masto.received.slice(from).find(match), what);

  /** Alice of Mastodon follows `who`, who accepts: friends on Plaza. Her Follow's id, and who she is on Plaza. */
  async function aliceFollows(who: TestUser, n: number): Promise<{ followId: string; alice: PublicUser; mark: number }> {
    const followId = `${masto.url}/2f1d7c6e-4a9b-4d0e-9b1a-${String(n).padStart(12, '0')}`;
    const mark = masto.received.length;
    // Mastodon delivers a Follow to the followee's own inbox.
    const status = await masto.deliver(`${actorOf(who)}/inbox`, {
      '@context': AS,
      id: followId,
      type: 'Follow',
      actor: masto.actor,
      object: actorOf(who),
    });
    expect(status).toBe(202);
    const alice = await eventually(async () => {
      const res = await as(plaza.app, who)({ method: 'GET', url: '/users/follow/requests?direction=received' });
      return bodyOf(res, friendRequestsResponseSchema).data.find((u) => u.userName === `alice@${masto.host}`);
    }, "Alice's follow as a friend request");
    await act(plaza.app, who, 'accept', alice._id);
    return { followId, alice, mark };
  }

  it('a Follow, a public Note, a reply, a Like, a Delete and an Undo from Mastodon come out right', async () => {
    const ana = await createUser(plaza.app, { userName: `ana_${dialect}` });
    const { followId, alice, mark } = await aliceFollows(ana, 1);
    // Her actor document, read by Plaza: name, and the bio as text.
    expect(alice).toMatchObject({ fullName: 'Alice Mastodon', remote: true });
    expect(await statusWith(plaza.app, ana, alice._id)).toBe('friends');

    // Plaza answers as Mastodon expects: Accept of her Follow by its id, and a Follow back, both from Ana,
    // both signed draft-cavage by Ana's key (the stand-in refuses anything else).
    const accept = await delivered((d) => d.body.type === 'Accept', 'the Accept', mark);
    expect(accept.body).toMatchObject({
      actor: actorOf(ana),
      object: { type: 'Follow', id: followId, actor: masto.actor, object: actorOf(ana) },
    });
    expect(accept.signature).toContain(`keyId="${actorOf(ana)}#main-key"`);
    expect(accept.signature).toMatch(/headers="[^"]*\(request-target\)[^"]*"/);
    const followBack = await delivered((d) => d.body.type === 'Follow', 'the Follow back', mark);
    expect(followBack.body).toMatchObject({ actor: actorOf(ana), object: masto.actor });
    expect(String(followBack.body.id).startsWith(`${plaza.url}/`)).toBe(true);
    // Alice's account approves followers by itself: Mastodon accepts at once.
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': AS,
        id: `${masto.actor}#accepts/follows/1`,
        type: 'Accept',
        actor: masto.actor,
        object: { id: followBack.body.id, type: 'Follow', actor: actorOf(ana), object: masto.actor },
      }),
    ).toBe(202);

    // A public status with a mention, a hashtag, a shortened link, markup and an image.
    const noteId = `${masto.actor}/statuses/111222333444555666`;
    const content =
      `<p>Hello <span class="h-card" translate="no"><a href="${actorOf(ana)}" class="u-url mention">@<span>${ana.user.userName}</span></a></span>, ` +
      `welcome to <em>the fediverse</em>! <a href="${masto.url}/tags/plaza" class="mention hashtag" rel="tag">#<span>plaza</span></a></p>` +
      `<p>See <a href="https://example.com/some/long/path" target="_blank" rel="nofollow noopener noreferrer" translate="no">` +
      `<span class="invisible">https://</span><span class="ellipsis">example.com/some/lo</span><span class="invisible">ng/path</span></a>` +
      `<script>alert(1)</script></p>`;
    const note = {
      id: noteId,
      type: 'Note',
      summary: null,
      inReplyTo: null,
      published: new Date().toISOString(),
      url: `${masto.url}/@alice/111222333444555666`,
      attributedTo: masto.actor,
      to: [PUBLIC],
      cc: [`${masto.actor}/followers`, actorOf(ana)],
      sensitive: false,
      atomUri: noteId,
      inReplyToAtomUri: null,
      conversation: `tag:${masto.host},2026-11-29:objectId=1:objectType=Conversation`,
      content,
      contentMap: { en: content },
      attachment: [
        {
          type: 'Document',
          mediaType: 'image/png',
          url: `${masto.url}/system/media_attachments/files/111/222/333/original/red.png`,
          name: 'A red square',
          blurhash: 'U9Ah8~of00ay~qj[00ay',
          focalPoint: [0, 0],
          width: 64,
          height: 64,
        },
      ],
      tag: [
        { type: 'Mention', href: actorOf(ana), name: `@${ana.user.userName}@${plaza.host}` },
        { type: 'Hashtag', href: `${masto.url}/tags/plaza`, name: '#plaza' },
      ],
      replies: {
        id: `${noteId}/replies`,
        type: 'Collection',
        first: { type: 'CollectionPage', next: `${noteId}/replies?page=true`, partOf: `${noteId}/replies`, items: [] },
      },
    };
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': STATUS_CONTEXT,
        id: `${noteId}/activity`,
        type: 'Create',
        actor: masto.actor,
        published: note.published,
        to: note.to,
        cc: note.cc,
        object: note,
      }),
    ).toBe(202);
    const post = await postInFeed(plaza, ana, (p) => p.author._id === alice._id, "Alice's status on Ana's feed");
    expect(post.content).toBe(`Hello @${ana.user.userName}, welcome to the fediverse! #plaza\n\nSee https://example.com/some/long/path`);
    expect(post.media).toHaveLength(1);
    expect(post.media[0].url.startsWith(masto.url)).toBe(false);
    expect((await plaza.app.inject({ method: 'GET', url: post.media[0].url })).statusCode).toBe(200);

    // A reply to Ana's post: a comment by Alice.
    const anasPost = await createPost(plaza.app, ana, 'My first post');
    const replyId = `${masto.actor}/statuses/111222333444555777`;
    const replyHtml = `<p><span class="h-card" translate="no"><a href="${actorOf(ana)}" class="u-url mention">@<span>${ana.user.userName}</span></a></span> Lovely <strong>post</strong>!</p>`;
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': STATUS_CONTEXT,
        id: `${replyId}/activity`,
        type: 'Create',
        actor: masto.actor,
        to: [PUBLIC],
        cc: [`${masto.actor}/followers`, actorOf(ana)],
        object: {
          id: replyId,
          type: 'Note',
          inReplyTo: `${plaza.url}/ap/posts/${anasPost}`,
          published: new Date().toISOString(),
          url: `${masto.url}/@alice/111222333444555777`,
          attributedTo: masto.actor,
          to: [PUBLIC],
          cc: [`${masto.actor}/followers`, actorOf(ana)],
          content: replyHtml,
          contentMap: { en: replyHtml },
          attachment: [],
          tag: [{ type: 'Mention', href: actorOf(ana), name: `@${ana.user.userName}@${plaza.host}` }],
        },
      }),
    ).toBe(202);
    const reply = await eventually(
      async () => (await commentsOn(plaza, ana, anasPost)).find((c) => c.commentAuthor._id === alice._id),
      "Alice's reply as a comment",
    );
    expect(reply.commentContent).toBe(`@${ana.user.userName} Lovely post!`);

    // A favourite: ❤.
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': AS,
        id: `${masto.actor}#likes/4242`,
        type: 'Like',
        actor: masto.actor,
        object: `${plaza.url}/ap/posts/${anasPost}`,
      }),
    ).toBe(202);
    await eventually(async () => ((await getPost(plaza, ana, anasPost)).reactionCounts.heart === 1 ? true : undefined), 'the ❤');

    // Deleting the status: a Tombstone, and the post is gone.
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': STATUS_CONTEXT,
        id: `${noteId}#delete`,
        type: 'Delete',
        actor: masto.actor,
        to: [PUBLIC],
        object: { id: noteId, type: 'Tombstone', atomUri: noteId },
      }),
    ).toBe(202);
    await eventually(async () => ((await feedOf(plaza, ana)).some((p) => p._id === post._id) ? undefined : true), 'the deletion');

    // Unfollowing ends the friendship, and Plaza withdraws its own Follow.
    const beforeUndo = masto.received.length;
    expect(
      await masto.deliver(`${plaza.url}/ap/inbox`, {
        '@context': AS,
        id: `${masto.actor}#follows/1/undo`,
        type: 'Undo',
        actor: masto.actor,
        object: { id: followId, type: 'Follow', actor: masto.actor, object: actorOf(ana) },
      }),
    ).toBe(202);
    await eventually(async () => ((await statusWith(plaza.app, ana, alice._id)) === 'not_connected' ? true : undefined), 'the end');
    const undo = await delivered((d) => d.body.type === 'Undo', 'the Undo of the Follow back', beforeUndo);
    expect(undo.body).toMatchObject({ actor: actorOf(ana), object: { type: 'Follow', id: followBack.body.id, object: masto.actor } });
  });

  it("Plaza's actor, WebFinger and Note are what Mastodon requires", async () => {
    const ben = await createUser(plaza.app, { userName: `ben_${dialect}` });
    const id = actorOf(ben);

    const actorRes = await fetch(id, { headers: { accept: AP } });
    expect(actorRes.status).toBe(200);
    expect(actorRes.headers.get('content-type')).toMatch(/^application\/(activity\+json|ld\+json)/);
    const actor = (await actorRes.json()) as Record<string, unknown>;
    expect(actor['@context']).toEqual(expect.arrayContaining([AS, 'https://w3id.org/security/v1']));
    expect(actor).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: ben.user.userName,
      // Mastodon's "open original page": Ben's profile in Plaza's web app.
      url: `${plaza.url}/network/u/profile/${ben.user.userName}/visited/${ben.user.userName}`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${plaza.url}/ap/inbox` },
      publicKey: { id: `${id}#main-key`, owner: id },
    });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // Mastodon's usernames: letters, digits, `_`, and `.`/`-` inside.
    expect(actor.preferredUsername).toMatch(/^[a-z0-9_]+([.-]+[a-z0-9_]+)*$/i);

    // Mastodon resolves acct:preferredUsername@host of the actor's id and wants `self` to loop back to it.
    const acct = `acct:${String(actor.preferredUsername)}@${new URL(id).host}`;
    const wf = await fetch(`${plaza.url}/.well-known/webfinger?resource=${encodeURIComponent(acct)}`, {
      headers: { accept: 'application/jrd+json' },
    });
    expect(wf.status).toBe(200);
    expect(wf.headers.get('content-type')).toMatch(/^application\/(jrd\+)?json/);
    const jrd = (await wf.json()) as { subject: string; links: Array<{ rel: string; type?: string; href?: string }> };
    expect(jrd.subject).toBe(acct);
    expect(jrd.links.filter((l) => l.rel === 'self')).toEqual([expect.objectContaining({ type: 'application/activity+json', href: id })]);
    expect(jrd.links).toContainEqual(expect.objectContaining({ rel: 'http://webfinger.net/rel/profile-page', href: actor.url }));

    // Ben's post, as Alice's Mastodon receives it and as it fetches it (signed, as a friend).
    const { mark } = await aliceFollows(ben, 2);
    const postId = await createPost(plaza.app, ben, 'Hello Mastodon\n\nhttps://example.com/a', 1);
    const noteUrl = `${plaza.url}/ap/posts/${postId}`;
    const create = await delivered((d) => d.body.type === 'Create', "Ben's Create", mark);
    expect(create.body).toMatchObject({ actor: id, object: { id: noteUrl, type: 'Note', attributedTo: id } });
    expect((await fetch(noteUrl, { headers: { accept: AP } })).status).toBe(401);
    const fetched = await masto.signedGet(noteUrl);
    expect(fetched.status).toBe(200);
    const note = (await fetched.json()) as Record<string, unknown>;
    const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : v === undefined ? [] : [v]);
    expect(note).toMatchObject({ id: noteUrl, type: 'Note', attributedTo: id });
    // Friends only: to Ben's followers, never Public (Mastodon shows it as followers-only).
    expect([...asArray(note.to), ...asArray(note.cc)]).toEqual([`${id}/followers`]);
    expect(note.content).toBe(
      '<p>Hello Mastodon</p><p><a href="https://example.com/a" rel="nofollow noopener noreferrer">https://example.com/a</a></p>',
    );
    expect(Number.isNaN(Date.parse(String(note.published)))).toBe(false);
    // Mastodon links "open original page" to `url` (its id otherwise, which a browser cannot read here).
    expect(note.url).toBe(`${plaza.url}/posts/${postId}`);
    expect(asArray(note.attachment)).toEqual([expect.objectContaining({ type: 'Document', mediaType: 'image/webp' })]);
    const image = await fetch(String((asArray(note.attachment)[0] as { url: string }).url));
    expect(image.status).toBe(200);
  });
});
