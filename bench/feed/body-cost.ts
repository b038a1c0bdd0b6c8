/**
 * What a feed page's body costs to put together and hand to the socket, in one process with nothing
 * else: page 1 as the feed sends it (kept posts as UTF-8 bytes copied into one buffer, presenters.ts
 * `feedResponseJson`) beside the same page built as a string, whose bytes are then counted for
 * `content-length` and encoded again by the socket's write (the feed's way until 26 November 2026).
 * The two alternate in short rounds, so a machine that changes speed moves both alike; ten posts of
 * about 650 bytes, once in plain ASCII and once with accents and emoji (which the string way pays for
 * twice: a string holding them is two bytes a character, and its UTF-8 must be worked out).
 *
 *   npx tsx bench/feed/body-cost.ts
 */
import { feedResponseJson } from '../../apps/server/src/for-benchmarks';
import { median } from '../lib/median';

const ROUNDS = 15;
const PAGES = 20_000;

function post(i: number, text: string): string {
  const id = `01a215a5-b817-73e5-8d09-${String(i).padStart(12, '0')}`;
  return JSON.stringify({
    _id: id,
    author: {
      _id: id,
      userName: `person${i}`,
      fullName: `Person ${i}`,
      userImage: '/media/avatars/p.webp',
      userBio: null,
      createdAt: '2025-10-22T10:48:02.373Z',
    },
    content: text,
    media: [],
    createdAt: '2026-11-26T02:18:31.831Z',
    editedAt: null,
    reactionCounts: { heart: 0, fire: 1, thumbsUp: 0, smile: 0, celebrate: 0, clap: 0 },
    totalReactions: 1,
    commentsCount: 0,
  }).slice(0, -1);
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c));
const readerPart = ',"currentUserReactions":["fire"],"isFavorite":true}';
const tail = { totalCount: 1000, currentPage: 1, totalPages: 100, hasMore: true, anchor: '01a215a5-b817-73e5-8d09-6be4fb7e0cca' };

function measure(label: string, text: string) {
  const posts = Array.from({ length: 10 }, (_, i) => post(i, text));
  const postBytes = posts.map((p) => Buffer.from(p));
  const partBytes = Buffer.from(readerPart);
  const asString = () => {
    let out = '';
    for (const p of posts) out += (out ? ',' : '') + p + readerPart;
    const body = `{"success":true,"data":{"feeds":[${out}],"totalCount":${tail.totalCount},"currentPage":${tail.currentPage},"totalPages":${tail.totalPages},"hasMore":${tail.hasMore},"anchor":${JSON.stringify(tail.anchor)}}}`;
    // Fastify counts the bytes for content-length; the socket's write encodes the string again.
    return Buffer.byteLength(body) + Buffer.from(body).length;
  };
  // As cache/post-json-cache.ts `renderPage` gathers them: cached posts, cached reader's parts, constant brackets.
  const asBytes = () => {
    const chunks = [OPEN];
    for (const p of postBytes) {
      if (chunks.length > 1) chunks.push(COMMA);
      chunks.push(p, partBytes);
    }
    chunks.push(CLOSE);
    return feedResponseJson({ feedsJson: chunks, ...tail }).length;
  };
  const times: Record<'string' | 'bytes', number[]> = { string: [], bytes: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [way, build] of [
      ['string', asString],
      ['bytes', asBytes],
    ] as const) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < PAGES; i++) build();
      times[way].push(Number(process.hrtime.bigint() - started) / PAGES / 1000);
    }
  }
  const ratio = median(times.bytes.map((b, i) => b / times.string[i]));
  console.log(
    `| ${label} | ${asBytes().toLocaleString('en')} | ${median(times.string).toFixed(2)} | ${median(times.bytes).toFixed(2)} | ${Math.round(ratio * 100)} % |`,
  );
}

console.log('| Page of ten posts | Bytes | As a string, µs | As bytes, µs | Bytes ÷ string (median of paired rounds) |');
console.log('|---|---:|---:|---:|---:|');
measure(
  'plain ASCII',
  'morning river walk sea trail rain garden music sea kitchen weekend sea light kitchen book morning kitchen book friends bread river friends light garden',
);
measure(
  'accents and emoji',
  'Café au lait près du fleuve 🌊, balade à vélo 🚲 — Grüße aus München, ¡qué día! 🎉 morning river walk sea trail rain garden music kitchen weekend',
);
