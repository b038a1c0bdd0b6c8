/** A friend's server that was down gets, once it is back, what was sent to it meanwhile: all of it, once. */
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../test/factories';
import { dialects } from '../../../test/harness';
import { createPost } from '../posts/testing';
import { befriendAcross, comment, commentsOn, eventually, feedOf, postInFeed, usePeerServers, type PeerServer } from './testing';

// Two servers, an outage long enough to open the circuit, and its recovery: on a busy two-core machine, a minute.
vi.setConfig({ testTimeout: 90_000 });

/** How long the servers hold deliveries to a peer that keeps failing before they probe it (2 minutes in production). */
const RECOVERY_MS = 2000;

/** `server` stops listening and drops its connections, as a server that went down. */
async function goDown(server: PeerServer): Promise<void> {
  const closed = new Promise<void>((resolve) => server.app.server.close(() => resolve()));
  server.app.server.closeAllConnections();
  await closed;
}

/** `server` listens again on its own port. */
async function comeBack(server: PeerServer): Promise<void> {
  const { port } = new URL(server.url);
  await new Promise<void>((resolve, reject) => {
    server.app.server.once('error', reject);
    server.app.server.listen(Number(port), '127.0.0.1', () => {
      server.app.server.off('error', reject);
      resolve();
    });
  });
}

/** The state of `from`'s circuit for `to`'s host (Fedify keeps it in the key-value store; none once closed). */
async function circuitOf(from: PeerServer, to: PeerServer): Promise<string | undefined> {
  const row = await from.app.ctx.db
    .selectFrom('federation_kv')
    .select('value')
    .where('key', '=', JSON.stringify(['_fedify', 'circuit', to.host]))
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as { state: string }).state : undefined;
}

describe.each(dialects())('a friend whose server was down (%s)', (dialect) => {
  const [a, b] = usePeerServers(dialect, 2, {}, { federationRecoveryMs: RECOVERY_MS });

  it('gets every post and comment sent while it was down once it is back, each once', async () => {
    const ada = await createUser(a.app, { userName: `ada_${dialect}` });
    const bob = await createUser(b.app, { userName: `bob_${dialect}` });
    const { xOnY: adaOnB } = await befriendAcross(a, ada, b, bob);
    const firstId = await createPost(a.app, ada, 'Before the outage');
    const firstOnB = await postInFeed(b, bob, (p) => p.author._id === adaOnB && p.content === 'Before the outage', "Ada's first post on B");

    await goDown(b);
    const posts = ['Posted while B was down', 'Posted again while B was down'];
    for (const text of posts) await createPost(a.app, ada, text);
    await comment(a, ada, firstId, 'Commented while B was down');
    // Failed deliveries and their retries make five failures: the circuit opens and holds what is left for B.
    await eventually(async () => ((await circuitOf(a, b)) === 'open' ? true : undefined), "A's circuit for B open", 30_000);

    await comeBack(b);
    await eventually(
      async () => {
        const feed = await feedOf(b, bob);
        const comments = await commentsOn(b, bob, firstOnB._id);
        const all = posts.every((text) => feed.some((p) => p.author._id === adaOnB && p.content === text));
        return all && comments.some((c) => c.commentContent === 'Commented while B was down') ? true : undefined;
      },
      'everything sent while B was down, on B',
      RECOVERY_MS + 15_000,
    );
    // The probe that went through closed the circuit.
    await eventually(async () => ((await circuitOf(a, b)) === undefined ? true : undefined), "A's circuit for B closed", 5000);

    await new Promise((r) => setTimeout(r, 2000));
    await b.app.ctx.events.settled();
    const feed = await feedOf(b, bob);
    for (const text of ['Before the outage', ...posts])
      expect(
        feed.filter((p) => p.content === text),
        text,
      ).toHaveLength(1);
    expect((await commentsOn(b, bob, firstOnB._id)).filter((c) => c.commentContent === 'Commented while B was down')).toHaveLength(1);
  });
});
