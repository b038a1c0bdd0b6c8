/**
 * Demo connections: the demo user has about fifteen friends and a few pending requests each way,
 * everyone else about eight friends, plus the notifications those requests would have sent.
 */
import { newId } from '../lib/ids';
import { notificationTexts } from '../modules/notifications';
// The seed writes rows in bulk, without the rules or events of a request: it alone reaches into features' repos.
import { notificationRepo, type NotificationRow } from '../modules/notifications/repo';
import { pairOf } from '../modules/people';
import { connectionRepo, type ConnectionRow } from '../modules/people/connection-repo';
import type { UserRow } from '../modules/users';
import type { SeedStep } from './steps';
import { seededRandom } from './random';

const DEMO_FRIENDS = 15;
const DEMO_INCOMING = 4;
const DEMO_OUTGOING = 3;
const FRIENDS_EACH = 8;
const DAY = 86_400_000;

export const peopleSeed: SeedStep = {
  name: 'friendships and friend requests',
  async run(ctx, { demo, all }, log) {
    const connections = connectionRepo(ctx.db);
    if ((await connections.countFriends(demo.id)) > 0) {
      log('The demo user already has friends; leaving connections as they are.');
      return;
    }
    const rand = seededRandom(2026);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const others = all.filter((u) => u.id !== demo.id).sort(() => rand() - 0.5);
    const now = Date.now();
    const rows = new Map<string, ConnectionRow>();
    const notes: Array<Omit<NotificationRow, 'id'>> = [];
    const degree = new Map<string, number>();

    /** The new row, or null when the pair already has one. */
    const link = (requester: UserRow, other: UserRow, status: ConnectionRow['status']): ConnectionRow | null => {
      const pair = pairOf(requester.id, other.id);
      const key = `${pair.user_low}|${pair.user_high}`;
      if (rows.has(key)) return null;
      const newer = Math.max(Date.parse(requester.created_at), Date.parse(other.created_at));
      // Pending requests are recent, so they top the demo user's notifications.
      const from = status === 'pending' ? Math.max(newer, now - 3 * DAY) : newer;
      const at = new Date(from + rand() * Math.max(DAY / 24, now - from - DAY / 24)).toISOString();
      const row: ConnectionRow = { id: newId(), ...pair, requester_id: requester.id, status, created_at: at, updated_at: at };
      rows.set(key, row);
      if (status === 'accepted') for (const u of [requester, other]) degree.set(u.id, (degree.get(u.id) ?? 0) + 1);
      return row;
    };
    const note = (
      row: ConnectionRow | null,
      recipient: UserRow,
      actor: UserRow,
      type: 'friend_request' | 'friend_accept',
      read: boolean,
    ) => {
      if (!row) return;
      const text =
        type === 'friend_request' ? notificationTexts().friendRequest(actor.full_name) : notificationTexts().friendAccept(actor.full_name);
      notes.push({
        recipient_id: recipient.id,
        actor_id: actor.id,
        type,
        entity_id: row.id,
        text,
        read: read ? 1 : 0,
        created_at: row.created_at,
      });
    };

    others.slice(0, DEMO_FRIENDS).forEach((friend, i) => {
      // Half the friendships the demo user asked for, half they accepted; a few acceptances are still unread.
      if (i % 2 === 0) note(link(demo, friend, 'accepted'), demo, friend, 'friend_accept', i > 3);
      else note(link(friend, demo, 'accepted'), demo, friend, 'friend_request', true);
    });
    for (const asker of others.slice(DEMO_FRIENDS, DEMO_FRIENDS + DEMO_INCOMING)) {
      note(link(asker, demo, 'pending'), demo, asker, 'friend_request', false);
    }
    for (const asked of others.slice(DEMO_FRIENDS + DEMO_INCOMING, DEMO_FRIENDS + DEMO_INCOMING + DEMO_OUTGOING)) {
      note(link(demo, asked, 'pending'), asked, demo, 'friend_request', false);
    }
    for (const u of others) {
      for (let tries = 0; (degree.get(u.id) ?? 0) < FRIENDS_EACH && tries < 40; tries++) {
        const other = pick(others);
        if (other.id !== u.id && (degree.get(other.id) ?? 0) < FRIENDS_EACH + 3) link(u, other, 'accepted');
      }
    }

    // Ids are time-ordered and notifications list by id, so they are numbered in the order they happened.
    const notifications = notes.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((n) => ({ ...n, id: newId() }));
    await ctx.db.transaction().execute(async (trx) => {
      const list = [...rows.values()];
      for (let i = 0; i < list.length; i += 200) await connectionRepo(trx).insertMany(list.slice(i, i + 200));
      for (let i = 0; i < notifications.length; i += 200) await notificationRepo(trx).insertMany(notifications.slice(i, i + 200));
    });
    const friendships = [...rows.values()].filter((r) => r.status === 'accepted').length;
    log(`${friendships} friendships, ${rows.size - friendships} pending requests, ${notifications.length} notifications.`);
  },
};
