/**
 * What people do besides chat, as the web app does it: posts, reactions, comments and friend requests,
 * each with an `Idempotency-Key` kept over its retries (after a 502, 503, a timeout or a cut connection),
 * one action at a time per person. The ledger holds every action acknowledged over the whole run; after
 * each fault, `checkSocial` asks the people concerned what they see: the friend's timeline has the post,
 * the post's reaction and comment counts are those acknowledged, the friend request is in the receiver's
 * requests and notifications, and nothing is there twice.
 */
import { REACTION_TYPES, type ReactionType } from '@plaza/contract';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { api, sleep, type ChatUser } from './chat-clients';
import type { Cluster } from './cluster';
import { expect, until } from './report';

const KINDS = ['post', 'reaction', 'comment', 'friend request'] as const;
type Kind = (typeof KINDS)[number];

interface PostRecord {
  author: ChatUser;
  /** `userId:kind` of each reaction acknowledged as added. */
  reactions: Set<string>;
  /** Reactions whose sender gave up: stored or not, nobody can tell; never tried again. */
  unsureReactions: Set<string>;
  comments: Set<string>;
  unsureComments: number;
}

/** Everything acknowledged over the whole run. */
interface SocialLedger {
  posts: Map<string, PostRecord>;
  /** Friend requests, `from.id:to.id`, acknowledged or given up. */
  asked: Set<string>;
}

/** One for the whole run: a reaction or a comment may go to a post made during an earlier fault. */
const ledger: SocialLedger = { posts: new Map(), asked: new Set() };

interface PhaseStats {
  attempted: Record<Kind, number>;
  acknowledged: Record<Kind, number>;
  givenUp: Record<Kind, number>;
  /** Answers by status, retries included (0: no answer). */
  statuses: Map<number, number>;
  /** Repeats answered from the first attempt (`Idempotent-Replayed`) are not told apart here: retries sent. */
  retries: number;
  /** A reaction answered `removed` although the person had not held it: a repeat applied twice. */
  toggledTwice: number;
  posts: string[];
  touched: Set<string>;
  requests: Array<{ from: ChatUser; to: ChatUser }>;
}

const perKind = () => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;

/** How long an action keeps trying, as a chat send does. */
const RETRY_FOR_MS = 20_000;
const backoff = (attempt: number) => Math.min(4000, 500 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
/** Worth another try with the same key: no answer, a timeout, flood control, a key still held, the server's trouble. */
const retryable = (status: number) => status === 0 || status === 408 || status === 409 || status === 429 || status >= 500;

/** One action: the same key on every retry; answers the JSON of the first 2xx, or null once it gives up. */
async function keyed(
  base: string,
  who: ChatUser,
  method: string,
  path: string,
  stats: PhaseStats,
  send: { body?: unknown; form?: Record<string, string> },
): Promise<unknown> {
  const key = randomUUID();
  const until = Date.now() + RETRY_FOR_MS;
  const answers: number[] = [];
  for (let attempt = 0; Date.now() < until; attempt++) {
    if (attempt) {
      stats.retries += 1;
      await sleep(backoff(attempt));
    }
    const res = await api(base, method, path, who, send.body, {
      // The web app waits for a write's answer without a timeout of its own; a user gives up after a while.
      timeoutMs: 15_000,
      headers: { 'idempotency-key': key },
      form: send.form,
    }).catch(() => ({ status: 0, json: null }));
    stats.statuses.set(res.status, (stats.statuses.get(res.status) ?? 0) + 1);
    answers.push(res.status);
    if (res.status >= 200 && res.status < 300) return res.json;
    if (!retryable(res.status)) {
      console.log(`    ${method} ${path} refused: ${res.status} ${JSON.stringify(res.json)}`);
      break;
    }
  }
  console.log(`    gave up ${method} ${path} for ${who.userName}; answers ${answers.map((a) => a || 'network').join(' ')}`);
  return null;
}

/** The other people `user` has not asked yet, and who have not asked them: later ones only, so no pair asks both ways. */
function nextStranger(user: ChatUser, users: ChatUser[], ledger: SocialLedger): ChatUser | null {
  const i = users.indexOf(user);
  return users.slice(i + 1).find((u) => u !== user.partner && !ledger.asked.has(`${user.id}:${u.id}`)) ?? null;
}

/** The newest post of the person or their friend that `user` may still react to, and a kind they do not hold. */
function reactionTarget(user: ChatUser, ledger: SocialLedger): { postId: string; kind: ReactionType } | null {
  const posts = [...ledger.posts.entries()].reverse();
  for (const [postId, p] of posts) {
    if (p.author !== user && p.author !== user.partner) continue;
    const kind = REACTION_TYPES.find((k) => !p.reactions.has(`${user.id}:${k}`) && !p.unsureReactions.has(`${user.id}:${k}`));
    if (kind) return { postId, kind };
  }
  return null;
}

function commentTarget(user: ChatUser, ledger: SocialLedger): string | null {
  for (const [postId, p] of [...ledger.posts.entries()].reverse()) if (p.author === user || p.author === user.partner) return postId;
  return null;
}

async function act(base: string, user: ChatUser, users: ChatUser[], kind: Kind, ledger: SocialLedger, stats: PhaseStats, n: number) {
  const count = (k: Kind, ok: boolean) => {
    stats.attempted[k] += 1;
    if (ok) stats.acknowledged[k] += 1;
    else stats.givenUp[k] += 1;
  };
  const reaction = kind === 'reaction' ? reactionTarget(user, ledger) : null;
  const commentOn = kind === 'comment' ? commentTarget(user, ledger) : null;
  const stranger = kind === 'friend request' ? nextStranger(user, users, ledger) : null;
  if (reaction) {
    const p = ledger.posts.get(reaction.postId)!;
    const mark = `${user.id}:${reaction.kind}`;
    // Held as unsure until answered: nobody else picks it meanwhile, and a give-up stays unsure.
    p.unsureReactions.add(mark);
    const res = (await keyed(base, user, 'PUT', `/posts/react/${reaction.postId}`, stats, {
      body: { reactionType: reaction.kind },
    })) as { action: 'added' | 'removed' } | null;
    count('reaction', res !== null);
    if (!res) return;
    p.unsureReactions.delete(mark);
    stats.touched.add(reaction.postId);
    if (res.action === 'added') p.reactions.add(mark);
    else stats.toggledTwice += 1;
  } else if (commentOn) {
    const p = ledger.posts.get(commentOn)!;
    const res = (await keyed(base, user, 'POST', `/comments/posts/${commentOn}/comments`, stats, {
      body: { commentContent: `${user.userName} comment ${n} ${randomUUID()}` },
    })) as { comment: { _id: string } } | null;
    count('comment', res !== null);
    stats.touched.add(commentOn);
    if (res) p.comments.add(res.comment._id);
    else p.unsureComments += 1;
  } else if (stranger) {
    ledger.asked.add(`${user.id}:${stranger.id}`);
    const res = await keyed(base, user, 'POST', '/users/follow/friend-request/send', stats, { body: { targetUserId: stranger.id } });
    count('friend request', res !== null);
    if (res) stats.requests.push({ from: user, to: stranger });
  } else {
    // A post (also when there is nothing yet to react to or comment on, or nobody left to ask).
    const res = (await keyed(base, user, 'POST', '/posts', stats, { form: { content: `${user.userName} post ${n} ${randomUUID()}` } })) as {
      post: { _id: string };
    } | null;
    count('post', res !== null);
    if (!res) return;
    ledger.posts.set(res.post._id, {
      author: user,
      reactions: new Set(),
      unsureReactions: new Set(),
      comments: new Set(),
      unsureComments: 0,
    });
    stats.posts.push(res.post._id);
  }
}

/** Every person acts every `everyMs` (after their previous action's answer), going round the four kinds. */
export function socialLoad(base: string, users: ChatUser[], everyMs: number) {
  const stats: PhaseStats = {
    attempted: perKind(),
    acknowledged: perKind(),
    givenUp: perKind(),
    statuses: new Map(),
    retries: 0,
    toggledTwice: 0,
    posts: [],
    touched: new Set(),
    requests: [],
  };
  let running = true;
  const loops = users.map(async (user, i) => {
    await sleep((everyMs * i) / users.length);
    for (let n = 0; running; n++) {
      const started = Date.now();
      await act(base, user, users, KINDS[(i + n) % KINDS.length], ledger, stats, n);
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}

type Page<T> = { status: number; items: T[]; more: boolean };

/** Every item of a paged list, up to `maxPages` pages of 50. */
async function allPages<T>(fetchPage: (page: number) => Promise<Page<T>>, maxPages = 20): Promise<T[] | null> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const res = await fetchPage(page);
    if (res.status !== 200) return null;
    items.push(...res.items);
    if (!res.more) break;
  }
  return items;
}

interface Seen {
  /** Acknowledged posts not on the author's friend's timeline, and ones there twice. */
  postsMissing: number;
  postsTwice: number;
  /** Posts whose reaction or comment count is not what was acknowledged. */
  reactionCountsWrong: number;
  commentCountsWrong: number;
  requestsMissing: number;
  notificationsMissing: number;
  notificationsTwice: number;
  /** Lists that could not be read (a non-200 answer). */
  unreadable: number;
}

async function whatPeopleSee(base: string, ledger: SocialLedger, stats: PhaseStats): Promise<Seen> {
  const seen: Seen = {
    postsMissing: 0,
    postsTwice: 0,
    reactionCountsWrong: 0,
    commentCountsWrong: 0,
    requestsMissing: 0,
    notificationsMissing: 0,
    notificationsTwice: 0,
    unreadable: 0,
  };
  // The friend's home feed, newest first: this phase's posts are near its top.
  const byReader = new Map<ChatUser, string[]>();
  for (const postId of stats.posts) {
    const friend = ledger.posts.get(postId)!.author.partner!;
    byReader.set(friend, [...(byReader.get(friend) ?? []), postId]);
  }
  await Promise.all(
    [...byReader].map(async ([reader, expected]) => {
      const feed = await allPages<{ _id: string }>(async (page) => {
        const r = await api(base, 'GET', `/posts/${reader.userName}/feeds?page=${page}&limit=50`, reader).catch(() => ({
          status: 0,
          json: null,
        }));
        const data = (r.json as { data?: { feeds: Array<{ _id: string }>; hasMore: boolean } } | null)?.data;
        return { status: r.status, items: data?.feeds ?? [], more: data?.hasMore ?? false };
      }, 10);
      if (!feed) {
        seen.unreadable += 1;
        seen.postsMissing += expected.length;
        return;
      }
      for (const id of expected) {
        const n = feed.filter((p) => p._id === id).length;
        if (n === 0) seen.postsMissing += 1;
        if (n > 1) seen.postsTwice += 1;
      }
    }),
  );
  // Counts, as the author's friend sees the post.
  await Promise.all(
    [...stats.touched].map(async (postId) => {
      const p = ledger.posts.get(postId)!;
      const r = await api(base, 'GET', `/posts/${postId}`, p.author.partner).catch(() => ({ status: 0, json: null }));
      const post = (r.json as { post?: { totalReactions: number; commentsCount: number } } | null)?.post;
      if (r.status !== 200 || !post) {
        seen.unreadable += 1;
        return;
      }
      const reactionsOk = post.totalReactions >= p.reactions.size && post.totalReactions <= p.reactions.size + p.unsureReactions.size;
      const commentsOk = post.commentsCount >= p.comments.size && post.commentsCount <= p.comments.size + p.unsureComments;
      if (!reactionsOk) seen.reactionCountsWrong += 1;
      if (!commentsOk) seen.commentCountsWrong += 1;
    }),
  );
  // Each receiver's pending requests and notifications.
  const byReceiver = new Map<ChatUser, ChatUser[]>();
  for (const { from, to } of stats.requests) byReceiver.set(to, [...(byReceiver.get(to) ?? []), from]);
  await Promise.all(
    [...byReceiver].map(async ([receiver, senders]) => {
      const requests = await allPages<{ _id: string }>(async (page) => {
        const r = await api(base, 'GET', `/users/follow/requests?direction=received&page=${page}&limit=50`, receiver).catch(() => ({
          status: 0,
          json: null,
        }));
        const body = r.json as { data?: Array<{ _id: string }>; pagination?: { hasMore?: boolean; totalPages?: number } } | null;
        return { status: r.status, items: body?.data ?? [], more: (body?.pagination?.totalPages ?? 1) > page };
      });
      const notifications = await allPages<{ type: string; actor: { _id: string } }>(async (page) => {
        const r = await api(base, 'GET', `/users/notifications?page=${page}&limit=50`, receiver).catch(() => ({ status: 0, json: null }));
        const body = r.json as {
          notifications?: Array<{ type: string; actor: { _id: string } }>;
          pagination?: { totalPages?: number };
        } | null;
        return { status: r.status, items: body?.notifications ?? [], more: (body?.pagination?.totalPages ?? 1) > page };
      });
      if (!requests || !notifications) {
        seen.unreadable += 1;
        seen.requestsMissing += senders.length;
        return;
      }
      for (const s of senders) {
        if (!requests.some((r) => r._id === s.id)) seen.requestsMissing += 1;
        const n = notifications.filter((x) => x.type === 'friend_request' && x.actor._id === s.id).length;
        if (n === 0) seen.notificationsMissing += 1;
        if (n > 1) seen.notificationsTwice += 1;
      }
    }),
  );
  return seen;
}

/** What the database holds twice over the whole run: posts, comments, friend request notifications. */
async function storedTwice(cluster: Cluster) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const twice = async (sql: string) =>
      (await client.query<{ n: number }>(`select coalesce(sum(c - 1), 0)::int as n from (${sql}) d`)).rows[0].n;
    return {
      posts: await twice('select count(*) as c from posts group by author_id, content having count(*) > 1'),
      comments: await twice('select count(*) as c from comments group by post_id, author_id, content having count(*) > 1'),
      requests: await twice(
        `select count(*) as c from notifications where type = 'friend_request' group by recipient_id, actor_id having count(*) > 1`,
      ),
    };
  } finally {
    await client.end();
  }
}

const SEE_WITHIN_MS = 15_000;
/** What was stored twice by the end of the previous fault: each fault is judged by what it added. */
let twiceBefore = { posts: 0, comments: 0, requests: 0 };

/** Stops the load, then checks what everyone concerned sees (within 15 s) and prints the counts. */
export async function checkSocial(cluster: Cluster, name: string, load: ReturnType<typeof socialLoad>): Promise<void> {
  const stats = await load.stop();
  const started = Date.now();
  let seen = await whatPeopleSee(cluster.url, ledger, stats);
  const wrong = (s: Seen) =>
    s.postsMissing +
    s.postsTwice +
    s.reactionCountsWrong +
    s.commentCountsWrong +
    s.requestsMissing +
    s.notificationsMissing +
    s.notificationsTwice;
  while (wrong(seen) > 0 && Date.now() - started < SEE_WITHIN_MS) {
    await sleep(1000);
    seen = await whatPeopleSee(cluster.url, ledger, stats);
  }
  const tookMs = Date.now() - started;
  const total = await storedTwice(cluster);
  const twice = {
    posts: total.posts - twiceBefore.posts,
    comments: total.comments - twiceBefore.comments,
    requests: total.requests - twiceBefore.requests,
  };
  twiceBefore = total;
  const k = (kind: Kind) =>
    `${stats.acknowledged[kind]}/${stats.attempted[kind]} ${kind === 'friend request' ? 'friend requests' : `${kind}s`}` +
    (stats.givenUp[kind] ? ` (${stats.givenUp[kind]} given up)` : '');
  const answers = [...stats.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s || 'network'}: ${n}`)
    .join(', ');
  console.log(`  ${name}: acknowledged ${KINDS.map(k).join(', ')}; ${stats.retries} retries with the same key; answers ${answers}`);
  console.log(
    `  ${name}: ${seen.postsMissing} posts missing from the friend's timeline, ${seen.postsTwice} there twice; ` +
      `${seen.reactionCountsWrong} reaction and ${seen.commentCountsWrong} comment counts wrong of ${stats.touched.size} posts; ` +
      `${seen.requestsMissing} requests and ${seen.notificationsMissing} notifications missing of ${stats.requests.length}, ${seen.notificationsTwice} twice; ` +
      `${seen.unreadable} lists unreadable; ${stats.toggledTwice} reactions toggled twice; ` +
      `stored twice during this fault: ${twice.posts} posts, ${twice.comments} comments, ${twice.requests} request notifications ` +
      `(${(tookMs / 1000).toFixed(1)} s to check)`,
  );
  expect(`${name}: every acknowledged post on the friend's timeline, once`, seen.postsMissing + seen.postsTwice === 0);
  expect(
    `${name}: reaction and comment counts as acknowledged`,
    seen.reactionCountsWrong + seen.commentCountsWrong + stats.toggledTwice === 0,
  );
  expect(
    `${name}: every friend request in the receiver's requests and notifications, once`,
    seen.requestsMissing + seen.notificationsMissing + seen.notificationsTwice === 0,
  );
  expect(`${name}: nothing stored twice`, twice.posts + twice.comments + twice.requests === 0);
  const givenUp = KINDS.reduce((s, kind) => s + stats.givenUp[kind], 0);
  expect(`${name}: no action given up`, givenUp === 0, `${givenUp} given up`);
}

/** Each person connected sees their friend online exactly when the friend has a socket, within 15 s; answers the count still wrong. */
export async function checkPresence(name: string, users: ChatUser[], since = Date.now()): Promise<void> {
  const wrong = () =>
    users.filter((u) => u.socket?.connected && u.partner && u.online.includes(u.partner.id) !== Boolean(u.partner.socket?.connected));
  const started = since;
  const right = await until(() => wrong().length === 0, Math.max(0, since + SEE_WITHIN_MS - Date.now()), 250);
  const still = wrong();
  const shownOnline = still.filter((u) => u.online.includes(u.partner!.id)).length;
  console.log(
    `  ${name}: presence ${right ? `right for all ${users.length} after ${((Date.now() - started) / 1000).toFixed(1)} s` : `wrong for ${still.length} of ${users.length} 15 s on (${shownOnline} offline shown online, ${still.length - shownOnline} online shown offline)`}`,
  );
  expect(`${name}: presence right within 15 s`, right, `${still.length} wrong`);
}
