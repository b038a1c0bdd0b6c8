/**
 * The operations of posts and the home feed (CONTRACT "Posts, reactions, comments, favorites"). Static
 * segments win over parameters, so /posts/my-posts, /posts/favorites, /posts/user/… and /posts/p/… are never
 * taken for a post id or an `{authUser}`; the reserved user names keep `/posts/{authUser}/feeds` apart too.
 */
import { successSchema } from '../common';
import { defineOperation } from '../operation';
import {
  createPostFormSchema,
  feedParamsSchema,
  feedQuerySchema,
  feedResponseSchema,
  postParamsSchema,
  postResponseSchema,
  postsPageQuerySchema,
  userPostsParamsSchema,
  userPostsResponseSchema,
} from '../posts';

export const postOperations = {
  createPost: defineOperation({
    operationId: 'createPost',
    method: 'POST',
    path: '/posts',
    summary: 'Publish a post',
    description: 'Multipart: `content` up to 5,000 characters and up to 4 `images`, each up to 10 MB; at least one of the two.',
    tags: ['posts'],
    auth: true,
    multipart: createPostFormSchema,
    responses: { 201: postResponseSchema },
    errors: [400, 401, 413, 415, 429],
  }),
  listMyPosts: defineOperation({
    operationId: 'listMyPosts',
    method: 'GET',
    path: '/posts/my-posts',
    summary: "The caller's posts, newest first",
    tags: ['posts'],
    auth: true,
    querystring: postsPageQuerySchema,
    responses: { 200: userPostsResponseSchema },
    errors: [400, 401],
  }),
  listUserPosts: defineOperation({
    operationId: 'listUserPosts',
    method: 'GET',
    path: '/posts/user/:userName',
    summary: "A person's posts for their profile, newest first",
    tags: ['posts'],
    auth: true,
    params: userPostsParamsSchema,
    querystring: postsPageQuerySchema,
    responses: { 200: userPostsResponseSchema },
    errors: [400, 401, 404],
  }),
  getFeed: defineOperation({
    operationId: 'getFeed',
    method: 'GET',
    path: '/posts/:authUser/feeds',
    summary: "The home feed: the caller's and friends' posts, newest first",
    description: '`authUser` is the caller’s own user name. Send page 1’s `anchor` back with later pages to page a frozen feed.',
    tags: ['posts'],
    auth: true,
    params: feedParamsSchema,
    querystring: feedQuerySchema,
    responses: { 200: feedResponseSchema },
    errors: [400, 401, 403, 404],
  }),
  getPost: defineOperation({
    operationId: 'getPost',
    method: 'GET',
    path: '/posts/:postId',
    summary: 'One post',
    tags: ['posts'],
    auth: true,
    params: postParamsSchema,
    responses: { 200: postResponseSchema },
    errors: [400, 401, 404],
  }),
  deletePost: defineOperation({
    operationId: 'deletePost',
    method: 'DELETE',
    path: '/posts/:postId',
    summary: 'Delete a post (author only) with its images, reactions, comments and favorites',
    tags: ['posts'],
    auth: true,
    params: postParamsSchema,
    responses: { 200: successSchema },
    errors: [400, 401, 403, 404],
  }),
};
