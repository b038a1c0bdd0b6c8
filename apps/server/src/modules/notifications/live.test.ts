import { notificationSchema, type ClientToServerEvents, type Notification, type ServerToClientEvents } from '@plaza/contract';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/factories';
import { dialects, useTestApp } from '../../../test/harness';
import { objectContaining } from '../../../test/matchers';
import { connect } from '../people/testing';

describe.each(dialects())('live notifications on %s', (dialect) => {
  const t = useTestApp(dialect, {}, { listen: true });
  const sockets: Array<Socket<ServerToClientEvents, ClientToServerEvents>> = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  async function online(user: TestUser): Promise<{ received: Notification[] }> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.url, {
      auth: { token: user.accessToken },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const received: Notification[] = [];
    // Parsed with the contract, so a push that drifts from the REST shape fails the test.
    socket.on('notification', (n) => received.push(notificationSchema.parse(n)));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { received };
  }

  const until = async (check: () => boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out waiting for a live notification');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('pushes a friend request to the recipient as it happens, and nothing to the sender', async () => {
    const a = await createUser(t.app, { fullName: 'Ada Lovelace' });
    const b = await createUser(t.app);
    const [aLive, bLive] = [await online(a), await online(b)];

    await connect(t.app, a, 'send', b);
    await until(() => bLive.received.length > 0);
    expect(bLive.received).toEqual([
      objectContaining({
        type: 'friend_request',
        text: 'Ada Lovelace sent you a friend request',
        read: false,
        actor: objectContaining({ _id: a.user._id }),
      }),
    ]);

    await connect(t.app, b, 'accept', a);
    await until(() => aLive.received.length > 0);
    expect(aLive.received.map((n) => n.type)).toEqual(['friend_accept']);
    expect(bLive.received).toHaveLength(1);
  });
});
