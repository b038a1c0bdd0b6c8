/**
 * Demo conversations: the demo user talks with eight people (mostly friends) over the past days, with a
 * few unread replies, and some other people talk among themselves.
 */
import { pairRoom } from '@plaza/contract';
import { v7 } from 'uuid';
import { friendIdsOf } from '../modules/people';
import type { UserRow } from '../modules/users';
// The seed writes rows in bulk, without the rules or events of a request: it alone reaches into features' repos.
import { chatRepo, type NewMessageRow } from '../modules/chat/repo';
import type { SeedStep } from './steps';
import { seededRandom } from './random';

const DEMO_PARTNERS = 8;
const OTHER_PAIRS = 6;
const HOUR = 3_600_000;

const OPENERS = [
  'Hey! How have you been?',
  'Did you see the photos from Saturday?',
  'Are we still on for coffee this week?',
  'Quick question about the trip plans',
  'Happy Friday! Any plans for the weekend?',
  'I found that book you recommended 📚',
];
const LINES = [
  'Haha, totally.',
  'That sounds great!',
  'I was just thinking about that.',
  'Let me check my calendar and get back to you.',
  'Sure, what time works for you?',
  'Around 6 would be perfect.',
  'No way! Tell me more.',
  'I know, right? 😄',
  'Sorry, busy day at work.',
  'Just got home, finally.',
  'Send me the link when you have it.',
  'The weather has been amazing lately ☀️',
  'Did you try the new place downtown?',
  'Not yet, is it any good?',
  'Honestly the best pasta I have had in ages.',
  'We should go together sometime.',
  'Count me in!',
  'I will bring snacks 🍪',
  'How is the new job going?',
  'Busy, but I am learning a lot.',
  'That is so good to hear.',
  'Thanks for the help yesterday, really appreciated.',
  'Any time!',
  'Okay, see you then 👋',
  'Running a bit late, 10 minutes.',
  'No worries, I just got here too.',
  'Did you finish the series?',
  'The ending surprised me completely.',
  'Right?! I did not see it coming.',
  'Good night! Talk tomorrow.',
];
const UNREAD_TAILS = ['Are you around later?', 'Call me when you can 📞', 'Also — I have news!', 'Check your email when you get a sec'];

export const chatSeed: SeedStep = {
  name: 'chat conversations',
  async run(ctx, { demo, all }, log) {
    const repo = chatRepo(ctx.db);
    if ((await repo.conversationsOf(demo.id, 1, 0)).length > 0) {
      log('The demo user already has conversations; leaving chat as it is.');
      return;
    }
    const rand = seededRandom(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    // Friends only: the demo user has no conversations yet.
    const friends = new Set(await friendIdsOf(ctx.db, demo.id));
    const others = all.filter((u) => u.id !== demo.id);
    // Mostly friends, and a couple of people met through the network.
    const partners = [
      ...others.filter((u) => friends.has(u.id)).slice(0, DEMO_PARTNERS - 2),
      ...others.filter((u) => !friends.has(u.id)).slice(0, 2),
    ];

    const now = Date.now();
    let count = 0;
    async function converse(a: UserRow, b: UserRow, messages: number, unreadForA: number, endsAgo: number) {
      const rows: NewMessageRow[] = [];
      const room = pairRoom(a.id, b.id);
      // Short bursts with the odd long pause, laid out so the conversation ends `endsAgo` before now.
      const gaps = Array.from({ length: messages }, (_, i) => (i === 0 ? 0 : HOUR * (0.02 + rand() * (rand() < 0.2 ? 12 : 1.5))));
      let at = now - endsAgo - gaps.reduce((x, y) => x + y, 0);
      for (let i = 0; i < messages; i++) {
        at += gaps[i];
        const last = i >= messages - unreadForA;
        const sender = last ? b : i === 0 || rand() < 0.5 ? a : b;
        const text = i === 0 ? pick(OPENERS) : last && i === messages - 1 ? pick(UNREAD_TAILS) : pick(LINES);
        const createdAt = new Date(at).toISOString();
        rows.push({
          // The id carries the message's own time, so history (ordered by id) reads in time order.
          id: v7({ msecs: Date.parse(createdAt) + i }),
          pair_key: room,
          sender_id: sender.id,
          receiver_id: sender.id === a.id ? b.id : a.id,
          client_message_id: null,
          text,
          created_at: createdAt,
          read_at: last ? null : createdAt,
        });
      }
      await ctx.db.transaction().execute(async (trx) => {
        const tx = chatRepo(trx);
        const [low, high] = [a.id, b.id].sort();
        const claim = { pair_key: room, user_low: low, user_high: high, created_at: rows[0].created_at, count: rows.length };
        const before = (await tx.takeSeqs([claim])).get(room)!;
        await tx.insertMessages(rows.map((r, i) => ({ ...r, seq: before + i + 1 })));
      });
      count += rows.length;
    }

    for (const [i, p] of partners.entries()) {
      const unread = i < 3 ? 1 + Math.floor(rand() * 3) : 0;
      await converse(demo, p, 10 + Math.floor(rand() * 31), unread, i * 5 * HOUR + rand() * HOUR);
    }
    const rest = others.filter((u) => !partners.includes(u));
    for (let i = 0; i + 1 < rest.length && i / 2 < OTHER_PAIRS; i += 2) {
      await converse(rest[i], rest[i + 1], 8 + Math.floor(rand() * 15), 0, rand() * 48 * HOUR);
    }
    log(`Wrote ${count} messages in ${partners.length} conversations with the demo user and ${OTHER_PAIRS} among others.`);
  },
};
