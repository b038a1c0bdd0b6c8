/** The operations of hashtags (product.md § Hashtags). */
import {
  hashtagParamsSchema,
  tagPostsResponseSchema,
  tagSearchQuerySchema,
  tagSearchResponseSchema,
  trendingTagsResponseSchema,
} from '../hashtags';
import { defineOperation } from '../operation';
import { postsPageQuerySchema } from '../posts';

export const hashtagOperations = {
  listTagPosts: defineOperation({
    operationId: 'listTagPosts',
    method: 'GET',
    path: '/tags/:tag/posts',
    summary: "A tag's posts, newest first",
    description:
      'Posts whose text carries the tag, and posts with a comment that does, as the caller may see them: never those of people ' +
      'hidden from the caller (blocked either way, suspended), nor a post brought only by a hidden person’s comment. An unused tag answers an empty page.',
    tags: ['hashtags'],
    auth: true,
    params: hashtagParamsSchema,
    querystring: postsPageQuerySchema,
    responses: { 200: tagPostsResponseSchema },
    errors: [400, 401],
  }),
  listTrendingTags: defineOperation({
    operationId: 'listTrendingTags',
    method: 'GET',
    path: '/tags/trending',
    summary: 'The tags used by the most people in the last 24 hours',
    description:
      'Up to 10 tags, by distinct people who used them in a post or comment within 24 hours, then by posts. ' +
      'Worked out at most once a minute (sooner after a new use); people hidden from the caller are not counted.',
    tags: ['hashtags'],
    auth: true,
    responses: { 200: trendingTagsResponseSchema },
    errors: [401],
  }),
  searchTags: defineOperation({
    operationId: 'searchTags',
    method: 'GET',
    path: '/search/tags',
    summary: 'Up to 10 tags starting with the query',
    description: 'The exact tag first, then the others by how many posts carry them. A leading `#` is ignored; a blank query finds none.',
    tags: ['hashtags'],
    auth: true,
    querystring: tagSearchQuerySchema,
    responses: { 200: tagSearchResponseSchema },
    errors: [400, 401],
  }),
};
