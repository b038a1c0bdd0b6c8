/** The operations of stories (product.md § Stories). */
import { successSchema } from '../common';
import { defineOperation } from '../operation';
import {
  createStoryFormSchema,
  createStoryResponseSchema,
  storiesResponseSchema,
  storyParamsSchema,
  storyViewersResponseSchema,
  viewStoryResponseSchema,
} from '../stories';

export const storyOperations = {
  listStories: defineOperation({
    operationId: 'listStories',
    method: 'GET',
    path: '/users/u/stories/all',
    summary: "The caller's and friends' live stories, grouped by person",
    tags: ['stories'],
    auth: true,
    responses: { 200: storiesResponseSchema },
    errors: [401],
  }),
  createStory: defineOperation({
    operationId: 'createStory',
    method: 'POST',
    path: '/users/u/stories/create',
    summary: 'Publish a story',
    description:
      'Multipart `media`: a JPEG, PNG, WebP or GIF photo up to 10 MB or an MP4 or WebM video up to 50 MB; optional `caption` up to 200 characters.',
    tags: ['stories'],
    auth: true,
    multipart: createStoryFormSchema,
    responses: { 201: createStoryResponseSchema },
    errors: [400, 401, 404, 413, 415, 429],
  }),
  viewStory: defineOperation({
    operationId: 'viewStory',
    method: 'POST',
    path: '/users/u/stories/s/:storyId/view',
    summary: 'Mark a story watched (idempotent)',
    tags: ['stories'],
    auth: true,
    params: storyParamsSchema,
    responses: { 200: viewStoryResponseSchema },
    errors: [400, 401, 404],
  }),
  listStoryViewers: defineOperation({
    operationId: 'listStoryViewers',
    method: 'GET',
    path: '/users/u/stories/s/:storyId/viewers',
    summary: 'Who watched your story, latest first',
    tags: ['stories'],
    auth: true,
    params: storyParamsSchema,
    responses: { 200: storyViewersResponseSchema },
    errors: [400, 401, 403, 404],
  }),
  deleteStory: defineOperation({
    operationId: 'deleteStory',
    method: 'DELETE',
    path: '/users/u/stories/s/:storyId',
    summary: 'Delete your story and its file',
    tags: ['stories'],
    auth: true,
    params: storyParamsSchema,
    responses: { 200: successSchema },
    errors: [400, 401, 403, 404],
  }),
};
