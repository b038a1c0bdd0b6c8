/**
 * Demo posts: a few hundred over the last month from everyone (the demo user and their friends post
 * most), about a third with drawn pictures, with reactions, comments, comment likes, some favorites of
 * the demo user and the notifications all that would have sent. Runs after friendships exist, so every
 * post lands on the right timelines.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { v7 } from 'uuid';
import type { Db } from '../db';
import { newId } from '../lib/ids';
import { processResponsiveImage, type ResponsiveImage } from '../media/responsive-images';
import { tagIndex } from '../modules/hashtags';
import { notificationTexts } from '../modules/notifications';
import { friendIdsOf } from '../modules/people';
import type { UserRow } from '../modules/users';
// The seed writes rows in bulk, without the rules or events of a request: it alone reaches into features' repos.
import { commentRepo } from '../modules/comments/repo';
import { notificationRepo, type NotificationRow } from '../modules/notifications/repo';
import { postCounters } from '../modules/posts/counters';
import { favoriteRepo } from '../modules/posts/favorite-repo';
import { storePostImages } from '../modules/posts/media';
import { postRepo } from '../modules/posts/repo';
import { timelineReadModel } from '../modules/posts/timeline-read-model';
import { reactionRepo } from '../modules/reactions/repo';
import { scenePng } from './avatars';
import type { SeedStep } from './steps';
import { seededRandom } from './random';

const POSTS = 320;
const DAY = 86_400_000;

const TEXTS = [
  'Finally finished the bookshelf I have been building for weeks. Reclaimed oak, zero nails. #woodworking',
  'Sunday market haul: figs, far too many tomatoes and a sourdough the size of my head. #SundayMarket',
  'Anyone else think the first warm evening of the year deserves a public holiday?',
  'Ran my first 10k without stopping today. Slow, but done! #running',
  'New recipe attempt: miso caramel. Verdict: dangerous.',
  'The light this morning was unreal. Had to stop on the way to work. #GoldenHour',
  'Reading recommendations for a long train ride? I like mysteries and anything set by the sea.',
  'Spent the afternoon repotting. Plant number 24 has joined the family.',
  'Our little team shipped the thing today. Proud of everyone involved.',
  'Tried watercolours again after ten years. Humbling, but fun.',
  'Weekend plans: absolutely nothing. Can’t wait.',
  'Found a tiny jazz bar two streets from home. How did I miss it for a year?',
  'Lake day. The water was freezing and entirely worth it.',
  'Thank you all for the birthday wishes, you made my day ❤️',
  'Hot take: the best part of travelling is coming home to your own bed.',
  'Learning to bake bread is 10% baking and 90% waiting. Still worth it. #sourdough #baking',
  'Cycled along the coast road today. My legs are filing a complaint. #cycling',
  'Small win: fixed the squeaky door that has bothered me since March.',
];

const CAPTIONS = [
  'Golden hour',
  'Trail run',
  'Road trip',
  'Lake day',
  'Weekend',
  'Studio day',
  'Morning hike',
  'City lights',
  'Market finds',
  'Sketchbook',
];

const COMMENTS = [
  'Love this!',
  'Wow, that looks amazing.',
  'Need the recipe please 😄 #baking',
  'So proud of you!',
  'Where is this?',
  'This made my day.',
  'Adding it to my list.',
  'Haha, relatable.',
  'Stunning colours. #GoldenHour',
  'Count me in next time!',
];

export const postsSeedStep: SeedStep = {
  name: 'posts, reactions and comments',
  async run(ctx, { demo, all }, log) {
    if ((await postRepo(ctx.db).countByAuthor(demo.id)) > 0) {
      log('The demo user already has posts; leaving posts alone.');
      return;
    }
    const rand = seededRandom(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    const friendIds = new Set(await friendIdsOf(ctx.db, demo.id));
    const circle = all.filter((u) => u.id === demo.id || friendIds.has(u.id));
    const byId = new Map(all.map((u) => [u.id, u]));

    log('Drawing pictures…');
    const pictures: ResponsiveImage[] = [];
    for (let i = 0; i < CAPTIONS.length; i++)
      pictures.push(await processResponsiveImage(await scenePng(i * 5 + 2, 1200, 800, CAPTIONS[i])));

    const now = Date.now();
    const times = Array.from({ length: POSTS }, () => now - 60_000 - Math.floor(rand() ** 1.6 * 30 * DAY)).sort((a, b) => a - b);
    const notes: Array<Omit<NotificationRow, 'id'>> = [];
    const note = (recipient: UserRow, actor: UserRow, type: NotificationRow['type'], entityId: string, text: string, at: number) => {
      if (recipient.id !== actor.id)
        notes.push({
          recipient_id: recipient.id,
          actor_id: actor.id,
          type,
          entity_id: entityId,
          text,
          read: at < now - 2 * DAY ? 1 : 0,
          created_at: new Date(at).toISOString(),
        });
    };
    const seeding: Seeding = { rand, pick, all, demo, friendIds, now, note };
    let reactions = 0;
    let comments = 0;

    for (const [i, at] of times.entries()) {
      // Two posts in three come from the demo user's circle, so their feed is busy.
      const author = i % 40 === 0 ? demo : rand() < 0.66 ? pick(circle) : pick(all);
      const images = rand() < 0.34 ? pictureSet(rand, pictures) : [];
      const stored = await storePostImages(ctx.storage, images);
      const postId = v7({ msecs: at });
      await ctx.db.transaction().execute(async (trx) => {
        const text = images.length && rand() < 0.3 ? '' : pick(TEXTS);
        const createdAt = new Date(at).toISOString();
        await postRepo(trx).insert({
          id: postId,
          author_id: author.id,
          content: text,
          created_at: createdAt,
          media: JSON.stringify(stored.media),
        });
        await tagIndex(trx).postPublished({ id: postId, authorId: author.id, content: text }, createdAt);
        const timelines = timelineReadModel(trx);
        await timelines.addOwn(postId, author.id);
        let after: string | null = null;
        do ({ next: after } = await timelines.fanOutBatch(postId, author.id, after, 500));
        while (after !== null);

        const post = { id: postId, author, at };
        reactions += await seedReactions(trx, seeding, post);
        comments += await seedComments(trx, seeding, post);
        if (author.id !== demo.id && friendIds.has(author.id) && rand() < 0.12) {
          await favoriteRepo(trx).add(demo.id, postId, new Date(at + 1000).toISOString());
          await timelineReadModel(trx).markFavorite(demo.id, postId, true);
        }
      });
    }

    // Notifications list by id, which is time-ordered: number them in the order they happened.
    const rows = notes.sort((a, b) => a.created_at.localeCompare(b.created_at)).map((n) => ({ ...n, id: newId() }));
    await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 200) await notificationRepo(trx).insertMany(rows.slice(i, i + 200));
    });
    const demoNotes = rows.filter((n) => n.recipient_id === demo.id).length;
    log(
      `${POSTS} posts, ${reactions} reactions, ${comments} comments, ${rows.length} notifications (${demoNotes} for ${byId.get(demo.id)?.user_name}).`,
    );
  },
};

/** What the seeding of one post's reactions and comments draws on, and `note` to record the notifications they send. */
interface Seeding {
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
  all: UserRow[];
  demo: UserRow;
  friendIds: Set<string>;
  now: number;
  note: (recipient: UserRow, actor: UserRow, type: NotificationRow['type'], entityId: string, text: string, at: number) => void;
}

/** A new post, its author and when it was posted (ms). */
type SeededPost = { id: string; author: UserRow; at: number };

/** Up to eight reactions on the post within a day of it; answers how many were added. */
async function seedReactions(trx: Db, { rand, pick, all, demo, friendIds, now, note }: Seeding, post: SeededPost) {
  const { id: postId, author, at } = post;
  const reactionsRepo = reactionRepo(trx);
  let reactions = 0;
  for (let r = Math.floor(rand() * 9); r > 0; r--) {
    // The demo user has reacted to a fair share of what their friends post.
    const who = r === 1 && friendIds.has(author.id) && rand() < 0.4 ? demo : pick(all);
    const kind: ReactionType = rand() < 0.45 ? 'heart' : pick(REACTION_TYPES);
    const when = at + Math.floor(rand() * Math.min(DAY, now - at));
    if (await reactionsRepo.add(postId, who.id, kind, new Date(when).toISOString())) {
      await postCounters(trx).bumpReaction(postId, kind, 1);
      await timelineReadModel(trx).markReaction(who.id, postId, kind, true);
      note(author, who, 'post_reaction', postId, notificationTexts().reaction(who.full_name, kind), when);
      reactions += 1;
    }
  }
  return reactions;
}

/** Up to three comments on the post, some liked by the post's author; answers how many were added. */
async function seedComments(trx: Db, { rand, pick, all, now, note }: Seeding, post: SeededPost) {
  const { id: postId, author, at } = post;
  const commentsRepo = commentRepo(trx);
  let comments = 0;
  for (let c = Math.floor(rand() * 4); c > 0; c--) {
    const who = pick(all);
    const when = at + Math.floor(rand() * Math.min(DAY, now - at));
    const content = pick(COMMENTS);
    const commentId = v7({ msecs: when });
    const commentedAt = new Date(when).toISOString();
    await commentsRepo.insert({ id: commentId, post_id: postId, author_id: who.id, content, created_at: commentedAt });
    await tagIndex(trx).commentAdded({
      id: commentId,
      postId,
      authorId: who.id,
      postAuthorId: author.id,
      content,
      createdAt: commentedAt,
    });
    await postCounters(trx).bumpComments(postId, 1);
    note(author, who, 'post_comment', postId, notificationTexts().comment(who.full_name, content), when);
    comments += 1;
    if (rand() < 0.4) {
      const liker = author.id === who.id ? pick(all) : author;
      await commentsRepo.like(commentId, liker.id, new Date(Math.min(now, when + 60_000)).toISOString());
      note(who, liker, 'comment_like', postId, notificationTexts().commentLike(liker.full_name), Math.min(now, when + 60_000));
    }
  }
  return comments;
}

/** One to three of the drawn pictures, each post storing its own copies. */
function pictureSet(rand: () => number, pictures: ResponsiveImage[]): ResponsiveImage[] {
  const count = rand() < 0.8 ? 1 : 2 + Math.floor(rand() * 2);
  return Array.from({ length: count }, () => pictures[Math.floor(rand() * pictures.length)]);
}
