/** Chat between friends of two Plaza servers: direct Notes both ways, shown in the 1:1 conversation, live. */
import { chatHistoryResponseSchema, conversationsResponseSchema, messageSchema, type Message } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { as, createUser, type TestUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { bodyOf } from '../../../test/replies';
import { befriend } from '../posts/testing';
import { connectAs, nextEvent } from '../chat/testing';
import { actorUrl, befriendAcross, deliverSigned, eventually, feedOf, usePeerServers, type PeerServer } from './testing';

// Two servers, their queues and signed deliveries both ways: on a busy two-core machine a test takes 20 s.
vi.setConfig({ testTimeout: 60_000 });

async function send(server: PeerServer, from: TestUser, toName: string, text: string): Promise<Message> {
  const res = await as(
    server.app,
    from,
  )({
    method: 'POST',
    url: '/chats/send',
    payload: { messageSenderUsername: from.user.userName, messageReceiverUsername: toName, messageContent: text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return bodyOf(res, messageSchema);
}

async function history(server: PeerServer, who: TestUser, otherId: string): Promise<Message[]> {
  const res = await as(server.app, who)({ method: 'GET', url: `/chats/${who.user._id}/${otherId}` });
  expect(res.statusCode, res.body).toBe(200);
  return bodyOf(res, chatHistoryResponseSchema);
}

async function unreadFrom(server: PeerServer, who: TestUser, otherId: string): Promise<number | undefined> {
  const res = await as(server.app, who)({ method: 'GET', url: '/chats/conversations' });
  const conversations = bodyOf(res, conversationsResponseSchema).data;
  return conversations.find((c) => c.kind === 'direct' && c.members.some((m) => m._id === otherId))?.unreadCount;
}

describe.each(dialects())('chat between two Plaza servers (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2);

  it('a message to a friend of the other server arrives in their conversation, live and unread, and the answer comes back', async () => {
    const una = await createUser(a.app, { userName: `una_${dialect}` });
    const vic = await createUser(b.app, { userName: `vic_${dialect}` });
    const { yOnX: vicOnA, xOnY: unaOnB } = await befriendAcross(a, una, b, vic);
    const socket = await connectAs(b.url, vic);
    try {
      const live = nextEvent(socket, 'receiveMessage', (m) => m.messageSender === unaOnB, 20_000);
      await send(a, una, `${vic.user.userName}@${b.host}`, 'Tea at <b>five</b>? https://example.org/tea');
      const arrived = await live;
      expect(arrived).toMatchObject({ messageReceiver: vic.user._id, messageText: 'Tea at <b>five</b>? https://example.org/tea' });
      expect((await history(b, vic, unaOnB)).map((m) => m.messageText)).toEqual(['Tea at <b>five</b>? https://example.org/tea']);
      expect(await unreadFrom(b, vic, unaOnB)).toBe(1);
      // A direct Note, not a post: nothing of it on Vic's feed.
      expect((await feedOf(b, vic)).map((p) => p.content)).not.toContain('Tea at <b>five</b>? https://example.org/tea');
    } finally {
      socket.close();
    }

    await send(b, vic, `${una.user.userName}@${a.host}`, 'Yes, see you');
    const back = await eventually(async () => (await history(a, una, vicOnA)).find((m) => m.messageText === 'Yes, see you'), 'the answer');
    expect(back.messageSender).toBe(vicOnA);
    expect(await unreadFrom(a, una, vicOnA)).toBe(1);
  });

  it('a direct Note from someone who is not their friend, or mentioning no one, is dropped; a friend’s is kept as text', async () => {
    const wes = await createUser(a.app, { userName: `wes_${dialect}` });
    const xan = await createUser(a.app, { userName: `xan_${dialect}` });
    const yul = await createUser(b.app, { userName: `yul_${dialect}` });
    await befriend(a.app, wes, xan);
    const { yOnX: yulOnA } = await befriendAcross(a, xan, b, yul);
    const direct = (to: TestUser, n: number, html: string, mention = true) => ({
      id: `${actorUrl(b, yul)}#creates/${n}`,
      type: 'Create',
      actor: actorUrl(b, yul),
      to: actorUrl(a, to),
      object: {
        id: `${actorUrl(b, yul)}#notes/${n}`,
        type: 'Note',
        attributedTo: actorUrl(b, yul),
        to: actorUrl(a, to),
        tag: mention ? [{ type: 'Mention', href: actorUrl(a, to), name: `@${to.user.userName}` }] : [],
        content: html,
      },
    });
    // Wes is no friend of Yul's: neither a message nor a post.
    expect((await deliverSigned(b, yul, a, direct(wes, 1, '<p>Psst, Wes</p>'))).status).toBeLessThan(300);
    const html = `<p><span class="h-card"><a href="${actorUrl(a, xan)}" class="u-url mention">@${xan.user.userName}</a></span> Hi <script>alert(1)</script><b>Xan</b></p>`;
    expect((await deliverSigned(b, yul, a, direct(xan, 2, html))).status).toBeLessThan(300);
    const kept = await eventually(async () => (await history(a, xan, yulOnA))[0], "Yul's message to Xan");
    expect(kept.messageText).toBe('Hi Xan');
    // The same Note again, under another activity id: still one message (then one more, to know both were handled).
    expect((await deliverSigned(b, yul, a, { ...direct(xan, 2, html), id: `${actorUrl(b, yul)}#creates/3` })).status).toBeLessThan(300);
    // Addressed to Xan alone but mentioning no one (no direct message does that): neither a message nor a post.
    expect((await deliverSigned(b, yul, a, direct(xan, 5, '<p>Unmentioned</p>', false))).status).toBeLessThan(300);
    expect((await deliverSigned(b, yul, a, direct(xan, 4, '<p>And more</p>'))).status).toBeLessThan(300);
    await eventually(async () => (await history(a, xan, yulOnA)).find((m) => m.messageText === 'And more'), "Yul's second message");
    expect((await history(a, xan, yulOnA)).map((m) => m.messageText)).toEqual(['Hi Xan', 'And more']);

    expect(await history(a, wes, yulOnA)).toEqual([]);
    expect((await feedOf(a, wes)).map((p) => p.content)).not.toContain('Psst, Wes');
    expect((await feedOf(a, xan)).map((p) => p.content)).toEqual([]);
  });
});
