/** Stories of the caller and their friends (product.md § Stories) in the RTK Query cache. */
import type { OperationResponse, Story, StoryGroup } from '@plaza/contract';
import { operations } from '../../api/operations';
import type { ApiErrorPayload } from '../../api/errors';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { fallbackIn } from '../../lib/fallback-texts';
import { addOwnStory, removeStory, setViewCount, setViewed, withViewed } from './stories-cache';
import { forgetViewed, readViewedIds, rememberViewed } from './viewed-storage';

/** The texts of product.md § Stories, for when the server gives none. */
export const FETCH_FALLBACK = fallbackIn('errors.stories.fetch');
export const CREATE_FALLBACK = fallbackIn('errors.stories.create');
const VIEW_FALLBACK = fallbackIn('errors.stories.view');
const DELETE_FALLBACK = fallbackIn('errors.stories.delete');
export const VIEWERS_FALLBACK = fallbackIn('errors.stories.viewers');

export interface CreateStoryArgs {
  media: File;
  caption: string;
  /** From 0 to 1 as the upload goes. */
  onProgress?: (fraction: number) => void;
}

/** A request canceled because an identical one replaced it says nothing about the data (product.md § API conventions). */
export const wasCanceled = (error: ApiErrorPayload | undefined) => error?.error === 'canceled';

const failureOf = (rejection: unknown): ApiErrorPayload | undefined =>
  typeof rejection === 'object' && rejection !== null && 'error' in rejection ? (rejection.error as ApiErrorPayload) : undefined;

export const storiesApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every live story, in groups per person; stories watched in this browser stay watched on every refetch. */
    stories: build.query<StoryGroup[], void>({
      query: () => operationRequest(operations.listStories, { fallback: FETCH_FALLBACK }),
      transformResponse: (res: OperationResponse<typeof operations.listStories>) => withViewed(res.groupedStories, readViewedIds()),
      providesTags: ['Stories'],
    }),

    createStory: build.mutation<Story, CreateStoryArgs>({
      query: ({ media, caption, onProgress }) =>
        operationRequest(operations.createStory, {
          // The caption goes first so the server can refuse a bad one before reading a large file.
          form: { caption: caption.trim() || undefined, media },
          onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
          fallback: CREATE_FALLBACK,
        }),
      transformResponse: (res: OperationResponse<typeof operations.createStory>) => res.story,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data: story } = await queryFulfilled;
          dispatch(storiesApi.util.updateQueryData('stories', undefined, (groups) => addOwnStory(groups, story)));
        } catch {
          // The dialog shows why.
        }
      },
    }),

    /** Marks a story watched at once, here and in this browser's memory, and rolls that back if the server refuses. */
    viewStory: build.mutation<OperationResponse<typeof operations.viewStory>, string>({
      query: (storyId) => operationRequest(operations.viewStory, { params: { storyId }, fallback: VIEW_FALLBACK }),
      async onQueryStarted(storyId, { dispatch, queryFulfilled }) {
        rememberViewed(storyId);
        dispatch(storiesApi.util.updateQueryData('stories', undefined, (groups) => setViewed(groups, storyId, true)));
        try {
          await queryFulfilled;
        } catch (rejection) {
          if (wasCanceled(failureOf(rejection))) return;
          forgetViewed(storyId);
          dispatch(storiesApi.util.updateQueryData('stories', undefined, (groups) => setViewed(groups, storyId, false)));
        }
      },
    }),

    deleteStory: build.mutation<void, string>({
      query: (storyId) => operationRequest(operations.deleteStory, { params: { storyId }, fallback: DELETE_FALLBACK }),
      transformResponse: () => undefined,
      async onQueryStarted(storyId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        forgetViewed(storyId);
        dispatch(storiesApi.util.updateQueryData('stories', undefined, (groups) => removeStory(groups, storyId)));
      },
    }),

    /** Who watched one of the caller's stories, latest first; the story's view count follows the answer. */
    storyViewers: build.query<OperationResponse<typeof operations.listStoryViewers>, string>({
      query: (storyId) => operationRequest(operations.listStoryViewers, { params: { storyId }, fallback: VIEWERS_FALLBACK }),
      async onQueryStarted(storyId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(storiesApi.util.updateQueryData('stories', undefined, (groups) => setViewCount(groups, storyId, data.viewCount)));
        } catch {
          // The sheet shows why.
        }
      },
    }),
  }),
});

export const { useStoriesQuery, useCreateStoryMutation, useStoryViewersQuery } = storiesApi;
