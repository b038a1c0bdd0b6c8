/**
 * Bulk-loads a feed benchmark database straight through better-sqlite3: people, a friendship graph
 * where everyone has exactly FRIENDS friends, posts spread over a year (some with an image), reactions,
 * comments, the reader's favorites, and every timeline row the server would have written on each post.
 * Big transactions and reused prepared statements; foreign keys are off because the data is consistent
 * by construction.
 */
import SQLite from 'better-sqlite3';
import { v7 } from 'uuid';
import { REACTION_TYPES } from '../../packages/contract/src/constants';
import { REACTION_COLUMNS } from '../../apps/server/src/for-benchmarks';

export interface LoadSpec {
  file: string;
  users: number;
  posts: number;
  friends: number;
  passwordHash: string;
}

export interface Loaded {
  readerName: string;
  timelineRows: number;
}

const DAY = 86_400_000;
const WORDS =
  'morning coffee trail light city river weekend friends garden music book bread mountain sea rain sun photo walk market kitchen'.split(
    ' ',
  );

/** A small deterministic generator, so two runs build the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Buffers rows and writes them many per statement: far fewer calls than one insert per row. */
function batchInsert(db: SQLite.Database, head: string, columns: number, rowsPerStatement = 400) {
  const tuple = `(${new Array(columns).fill('?').join(', ')})`;
  const statementFor = (rows: number) => db.prepare(`${head} values ${new Array(rows).fill(tuple).join(', ')}`);
  const full = statementFor(rowsPerStatement);
  const buffer: unknown[] = [];
  return {
    add(...values: unknown[]) {
      buffer.push(...values);
      if (buffer.length === rowsPerStatement * columns) {
        full.run(buffer);
        buffer.length = 0;
      }
    },
    flush() {
      if (buffer.length) statementFor(buffer.length / columns).run(buffer);
      buffer.length = 0;
    },
  };
}

export function load(spec: LoadSpec, log: (msg: string) => void): Loaded {
  const rnd = random(42);
  const pick = (n: number) => Math.floor(rnd() * n);
  const db = new SQLite(spec.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -256000');
  const now = Date.now();
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // People, oldest first so their time-ordered ids ascend with the index.
  const userIds: string[] = [];
  const yearAgo = now - 400 * DAY;
  db.transaction(() => {
    const insert = db.prepare(
      'insert into users (id, user_name, user_name_lower, full_name, full_name_lower, email, user_bio, avatar_url, avatar_thumb_url, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < spec.users; i++) {
      const at = yearAgo + i * 1000;
      const id = v7({ msecs: at });
      const name = `bench_user${i}`;
      const created = new Date(at).toISOString();
      insert.run(
        id,
        name,
        name,
        `Bench Person ${i}`,
        `bench person ${i}`,
        `${name}@bench.example`,
        '/media/avatars/bench.webp',
        '/media/avatars/bench-thumb.webp',
        spec.passwordHash,
        created,
        created,
      );
      userIds.push(id);
    }
  })();
  step(`${spec.users.toLocaleString('en')} people`);

  // A circulant graph: person i is friends with i ± each offset, so everyone has exactly `friends` friends.
  const half = Math.floor(spec.friends / 2);
  const offsets = new Set<number>();
  while (offsets.size < half) offsets.add(1 + pick(Math.floor((spec.users - 1) / 2)));
  const friendsOf = (i: number) => [...offsets].flatMap((o) => [(i + o) % spec.users, (i - o + spec.users) % spec.users]);
  db.transaction(() => {
    const insert = batchInsert(db, 'insert into connections (id, user_low, user_high, requester_id, status, created_at, updated_at)', 7);
    const at = new Date(now - 30 * DAY).toISOString();
    for (let i = 0; i < spec.users; i++) {
      for (const o of offsets) {
        const j = (i + o) % spec.users;
        const [low, high] = userIds[i] < userIds[j] ? [userIds[i], userIds[j]] : [userIds[j], userIds[i]];
        insert.add(v7(), low, high, userIds[i], 'accepted', at, at);
      }
    }
    insert.flush();
  })();
  step(`${(spec.users * half).toLocaleString('en')} friendships`);

  // Posts over the last year; postsBy[author] lists post indexes, which ascend with their ids.
  const times = Array.from({ length: spec.posts }, () => now - 1000 - pick(365 * DAY)).sort((a, b) => a - b);
  const postIds = times.map((ms) => v7({ msecs: ms })).sort();
  const postsBy: number[][] = Array.from({ length: spec.users }, () => []);
  const reactionKinds = REACTION_TYPES.length;
  db.transaction(() => {
    const insert = db.prepare(
      `insert into posts (id, author_id, content, created_at, media, ${REACTION_TYPES.map((k) => REACTION_COLUMNS[k]).join(', ')}, comments_count) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const react = db.prepare('insert or ignore into post_reactions (post_id, user_id, kind, created_at) values (?, ?, ?, ?)');
    const comment = db.prepare('insert into comments (id, post_id, author_id, content, created_at) values (?, ?, ?, ?, ?)');
    for (let p = 0; p < spec.posts; p++) {
      const author = pick(spec.users);
      postsBy[author].push(p);
      const at = new Date(times[p]).toISOString();
      const text = Array.from({ length: 8 + pick(30) }, () => WORDS[pick(WORDS.length)]).join(' ');
      const media =
        rnd() < 0.3
          ? JSON.stringify([{ url: '/media/posts/bench.webp', thumb_url: '/media/posts/bench-thumb.webp', width: 1600, height: 1067 }])
          : '[]';
      const counts = new Array<number>(reactionKinds).fill(0);
      const reactors = friendsOf(author);
      for (let r = pick(6); r > 0; r--) {
        const k = pick(reactionKinds);
        if (react.run(postIds[p], userIds[reactors[pick(reactors.length)]], REACTION_TYPES[k], at).changes) counts[k] += 1;
      }
      const comments = pick(4);
      for (let c = 0; c < comments; c++)
        comment.run(v7({ msecs: times[p] + c + 1 }), postIds[p], userIds[reactors[pick(reactors.length)]], 'Lovely!', at);
      insert.run(postIds[p], userIds[author], text, at, media, ...counts, comments);
    }
  })();
  step(`${spec.posts.toLocaleString('en')} posts with reactions and comments`);

  // The reader (person 0) has reacted to and saved a share of what their feed holds, so hydration finds marks.
  const reader = 0;
  const readerFeed = [reader, ...friendsOf(reader)].flatMap((a) => postsBy[a]);
  db.transaction(() => {
    const react = db.prepare('insert or ignore into post_reactions (post_id, user_id, kind, created_at) values (?, ?, ?, ?)');
    const save = db.prepare('insert or ignore into post_favorites (user_id, post_id, created_at) values (?, ?, ?)');
    const bump = Object.fromEntries(
      REACTION_TYPES.map((k) => [k, db.prepare(`update posts set ${REACTION_COLUMNS[k]} = ${REACTION_COLUMNS[k]} + 1 where id = ?`)]),
    );
    const at = new Date(now).toISOString();
    for (const p of readerFeed) {
      if (rnd() < 0.3) {
        const kind = REACTION_TYPES[pick(reactionKinds)];
        if (react.run(postIds[p], userIds[reader], kind, at).changes) bump[kind].run(postIds[p]);
      }
      if (rnd() < 0.1) save.run(userIds[reader], postIds[p], at);
    }
  })();
  step("the reader's reactions and favorites");

  // Timelines: what fan-out on write would have left, written in primary-key order.
  let timelineRows = 0;
  const BATCH = 500;
  const insert = batchInsert(db, 'insert into feed_items (owner_id, post_id)', 2, 500);
  const size = batchInsert(db, 'insert into feed_sizes (owner_id, size)', 2, 500);
  const order = userIds.map((_, i) => i).sort((a, b) => (userIds[a] < userIds[b] ? -1 : 1));
  for (let from = 0; from < order.length; from += BATCH) {
    db.transaction(() => {
      for (const owner of order.slice(from, from + BATCH)) {
        const items = [owner, ...friendsOf(owner)].flatMap((a) => postsBy[a]).sort((a, b) => a - b);
        for (const p of items) insert.add(userIds[owner], postIds[p]);
        size.add(userIds[owner], items.length);
        timelineRows += items.length;
      }
      insert.flush();
      size.flush();
    })();
  }
  step(`${timelineRows.toLocaleString('en')} timeline rows`);

  // Everyone's own marks on their timeline rows, as the reaction and favorite toggles keep them.
  db.transaction(() => {
    const kinds = db.prepare(`update feed_items set reader_kinds = reader_kinds | ? where owner_id = ? and post_id = ?`);
    for (const r of db.prepare('select user_id, post_id, kind from post_reactions').all() as Array<{
      user_id: string;
      post_id: string;
      kind: string;
    }>) {
      kinds.run(1 << REACTION_TYPES.indexOf(r.kind as (typeof REACTION_TYPES)[number]), r.user_id, r.post_id);
    }
    db.prepare(
      'update feed_items set reader_favorite = 1 where (owner_id, post_id) in (select user_id, post_id from post_favorites)',
    ).run();
  })();
  step('marks on the timeline rows');

  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { readerName: `bench_user${reader}`, timelineRows };
}
