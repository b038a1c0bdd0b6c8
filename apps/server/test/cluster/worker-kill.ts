/**
 * The job worker killed (SIGKILL) in the middle of a post's fan-out, under load: a person with many
 * friends posts, the first batch of timelines is written with the post, the worker takes the rest as a
 * job and is killed between its batches. Started again, it takes the job up once the dead one's hold runs
 * out: every friend's timeline holds the post once, and every timeline's size is its row count.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { api, signUp, sleep, type ChatUser } from './chat-clients';
import { FAN_OUT_PAUSE_MS, type Cluster } from './cluster';
import { underLoad } from './disruptions';
import { expect, seconds, until } from './report';

/** The publish writes 250 timelines; the worker writes the rest in batches of 250, pausing between them. */
const FRIENDS = 1250;
const COMPLETE_WITHIN_MS = 30_000;

/** Friends made straight in the database: signing up 1,250 people would take longer than the whole run. */
async function manyFriends(client: pg.Client, author: ChatUser): Promise<void> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: FRIENDS }, () => randomUUID());
  await client.query(
    `insert into users (id, user_name, user_name_lower, full_name, full_name_lower, email, password_hash, created_at, updated_at, email_verified_at)
     select id, 'fan_' || replace(id, '-', ''), 'fan_' || replace(id, '-', ''), 'Fan', 'fan', id || '@fans.example', 'x', $2, $2, $2
     from unnest($1::text[]) as id`,
    [ids, now],
  );
  await client.query(
    `insert into connections (id, user_low, user_high, requester_id, status, created_at, updated_at)
     select gen_random_uuid()::text, least(id, $2), greatest(id, $2), id, 'accepted', $3, $3 from unnest($1::text[]) as id`,
    [ids, author.id, now],
  );
}

export async function workerKill(cluster: Cluster, users: ChatUser[]): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const author = await signUp(cluster.url, `${process.pid.toString(36)}_popular`);
    await manyFriends(client, author);
    const onTimelines = async (postId: string) =>
      (await client.query<{ n: number }>('select count(*)::int as n from feed_items where post_id = $1', [postId])).rows[0].n;
    let atKill = 0;
    let postId = '';
    let completeMs = Infinity;
    await underLoad(cluster, users, 'worker kill', async () => {
      const res = await api(cluster.url, 'POST', '/posts', author, undefined, { form: { content: 'to every friend' } });
      if (res.status !== 201) throw new Error(`the popular person's post: ${res.status} ${JSON.stringify(res.json)}`);
      postId = (res.json as { post: { _id: string } }).post._id;
      // Past the publish's own batch (and the author's timeline): the worker has begun.
      const begun = await until(async () => (await onTimelines(postId)) > 251, 10_000, 20);
      await sleep(FAN_OUT_PAUSE_MS / 2);
      await cluster.kill(cluster.worker);
      const killedAt = Date.now();
      atKill = await onTimelines(postId);
      console.log(`  worker killed with the post on ${atKill} of ${FRIENDS + 1} timelines${begun ? '' : ' (its job had not begun)'}`);
      const startMs = await cluster.start(cluster.worker);
      console.log(`  worker ready again ${seconds(startMs)} after its start`);
      if (await until(async () => (await onTimelines(postId)) === FRIENDS + 1, COMPLETE_WITHIN_MS, 250)) completeMs = Date.now() - killedAt;
    });
    const final = await onTimelines(postId);
    const sizes = await client.query<{ n: number }>(
      `select count(*)::int as n from feed_sizes s
       where s.size <> (select count(*) from feed_items i where i.owner_id = s.owner_id)`,
    );
    console.log(
      `  the post on ${final} of ${FRIENDS + 1} timelines ${seconds(completeMs)} after the kill; ${sizes.rows[0].n} timeline sizes not their row count`,
    );
    expect('worker kill: the kill landed mid-fan-out', atKill > 251 && atKill < FRIENDS + 1, `${atKill} of ${FRIENDS + 1}`);
    expect('worker kill: every friend’s timeline holds the post, once', final === FRIENDS + 1, `${final} of ${FRIENDS + 1}`);
    expect('worker kill: every timeline size is its row count', sizes.rows[0].n === 0, `${sizes.rows[0].n} wrong`);
  } finally {
    await client.end();
  }
}
