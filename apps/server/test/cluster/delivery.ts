/**
 * Cross-node delivery, one event of each kind between two people connected to different nodes: a
 * notification, chat messages, typing and read receipts, each with how long it took.
 */
import { pairRoom } from '@plaza/contract';
import { anotherClient, api, connect, sendLikeTheApp, signUp, type ChatUser, type SendStats } from './chat-clients';
import type { Cluster } from './cluster';
import { expect, spread, until } from './report';

const SAMPLES = 10;
/** Generous on a shared machine: the figures are printed; only a push that never comes is a failure. */
const ARRIVES_WITHIN_MS = 5000;

/** Waits for the next `event` on the receiver's socket that `matches`; answers the ms from `sentAt`, or Infinity. */
function arrival<T>(receiver: ChatUser, event: 'typing' | 'messagesRead' | 'notification', matches: (payload: T) => boolean) {
  const socket = receiver.socket!;
  return (sentAt: () => number) =>
    new Promise<number>((resolve) => {
      const listener = (payload: T) => {
        if (!matches(payload)) return;
        done(Date.now() - sentAt());
      };
      const timer = setTimeout(() => done(Infinity), ARRIVES_WITHIN_MS);
      const done = (ms: number) => {
        clearTimeout(timer);
        socket.off(event, listener as never);
        resolve(ms);
      };
      socket.on(event, listener as never);
    });
}

function judge(kind: string, ms: number[]) {
  const arrived = ms.filter(Number.isFinite);
  console.log(`  ${kind}: ${arrived.length}/${ms.length} arrived across nodes, ${spread(arrived)}`);
  expect(
    `cross-node ${kind}: every one arrived within ${ARRIVES_WITHIN_MS / 1000} s`,
    arrived.length === ms.length,
    `${arrived.length}/${ms.length}`,
  );
}

export async function crossNodeDelivery(cluster: Cluster, a: ChatUser, b: ChatUser): Promise<void> {
  const [n1, n2, n3] = cluster.nodes;
  const onOne = anotherClient(a);
  const onTwo = anotherClient(b);
  onOne.partner = onTwo;
  onTwo.partner = onOne;
  await connect(cluster.url, onOne, { url: n1.url });
  await connect(cluster.url, onTwo, { url: n2.url });
  const room = pairRoom(a.id, b.id);
  const stats: SendStats = { attempted: 0, acknowledged: [], failed: 0, statuses: new Map() };
  try {
    // Chat: sent through node 3's API by the person on node 1, pushed to the one on node 2.
    const chat: number[] = [];
    const receipts: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const sentAt = Date.now();
      const m = await sendLikeTheApp(n3.url, onOne, onTwo, `across nodes ${i}`, stats);
      const ok = m !== null && (await until(() => onTwo.pushed.has(m._id), ARRIVES_WITHIN_MS, 5));
      chat.push(ok ? Date.now() - sentAt : Infinity);
      // The read receipt: marked read on node 2, pushed to the sender on node 1.
      let readAt = 0;
      const read = arrival<{ room: string; readerId: string }>(
        onOne,
        'messagesRead',
        (p) => p.room === room && p.readerId === b.id,
      )(() => readAt);
      readAt = Date.now();
      await api(n2.url, 'POST', `/chats/${a.id}/read`, b.token);
      receipts.push(await read);
    }
    judge('chat', chat);
    judge('read receipts', receipts);

    // Typing: emitted on node 1, relayed to the other person's sockets on node 2 (spaced past the 300 ms throttle).
    const typing: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const isTyping = i % 2 === 0;
      let at = 0;
      const seen = arrival<{ room: string; isTyping: boolean }>(
        onTwo,
        'typing',
        (p) => p.room === room && p.isTyping === isTyping,
      )(() => at);
      at = Date.now();
      onOne.socket!.emit('typing', { room, isTyping });
      typing.push(await seen);
      await new Promise((r) => setTimeout(r, 350));
    }
    judge('typing', typing);

    // A notification: friend requests from people the receiver does not know yet, made through node 3.
    const notifications: number[] = [];
    const strangers = await Promise.all([0, 1, 2].map((i) => signUp(cluster.url, `${process.pid.toString(36)}_s${i}`)));
    for (const s of strangers) {
      let at = 0;
      const seen = arrival<{ type: string }>(onTwo, 'notification', (n) => n.type === 'friend_request')(() => at);
      at = Date.now();
      await api(n3.url, 'POST', '/users/follow/friend-request/send', s.token, { targetUserId: b.id });
      notifications.push(await seen);
    }
    judge('notifications', notifications);
  } finally {
    onOne.socket?.close();
    onTwo.socket?.close();
  }
}
