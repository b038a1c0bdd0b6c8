/** Test helpers of the hashtags suites: a tag's page, the trending list, the tag search and comments. */
import { commentResponseSchema, tagPostsResponseSchema, tagSearchResponseSchema, trendingTagsResponseSchema } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { as, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';

export async function tagPage(app: FastifyInstance, who: TestUser, tag: string, query = '') {
  const res = await as(app, who)({ method: 'GET', url: `/tags/${encodeURIComponent(tag)}/posts${query}` });
  return bodyOf(res, tagPostsResponseSchema);
}

/** The ids on the tag's first page (up to 50). */
export async function idsTagged(app: FastifyInstance, who: TestUser, tag: string): Promise<string[]> {
  return (await tagPage(app, who, tag, '?limit=50')).data.map((p) => p._id);
}

export async function searchTags(app: FastifyInstance, who: TestUser, query: string) {
  const res = await as(app, who)({ method: 'GET', url: `/search/tags?query=${encodeURIComponent(query)}` });
  return bodyOf(res, tagSearchResponseSchema).tags;
}

let shiftMs = 0;

/**
 * The trending list as it stands, once the list for everyone may be worked out again: the clock is moved
 * on by `afterMs` (a minute by default, past any cached list) before asking.
 */
export async function trending(app: FastifyInstance, who: TestUser, afterMs = 61_000) {
  shiftMs += afterMs;
  const realNow = Date.now.bind(Date);
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shiftMs);
  try {
    const res = await as(app, who)({ method: 'GET', url: '/tags/trending' });
    return bodyOf(res, trendingTagsResponseSchema).data;
  } finally {
    spy.mockRestore();
  }
}

export async function comment(app: FastifyInstance, who: TestUser, postId: string, text: string): Promise<string> {
  const res = await as(app, who)({ method: 'POST', url: `/comments/posts/${postId}/comments`, payload: { commentContent: text } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, commentResponseSchema).comment._id;
}
