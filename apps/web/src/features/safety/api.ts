/**
 * Blocks, mutes and reports (product.md § Safety and moderation). A block or mute changes what many
 * lists show, so it refreshes all of them; the server decides who is hidden.
 */
import type { CreateReportBody, OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi, TAG_TYPES } from '../../api/plaza-api';

type PeopleList = OperationResponse<typeof operations.listBlocks>;
export type Relation = OperationResponse<typeof operations.getRelation>;

/** Every list a block can change: feed, people, chat, comments, stories, notifications. */
const EVERYTHING = TAG_TYPES.filter((t) => t !== 'Me' && t !== 'Reports');
const MUTED_LISTS = ['Feed', 'Stories', 'Safety'] as const;

export const safetyApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    blocks: build.query<PeopleList, void>({
      query: () => operationRequest(operations.listBlocks, { query: { limit: 50 } }),
      providesTags: [{ type: 'Safety', id: 'blocks' }],
    }),
    mutes: build.query<PeopleList, void>({
      query: () => operationRequest(operations.listMutes, { query: { limit: 50 } }),
      providesTags: [{ type: 'Safety', id: 'mutes' }],
    }),
    relation: build.query<Relation, string>({
      query: (userId) => operationRequest(operations.getRelation, { params: { userId } }),
      providesTags: (_r, _e, userId) => [{ type: 'Safety', id: userId }],
    }),
    setBlocked: build.mutation<unknown, { userId: string; blocked: boolean }>({
      query: ({ userId, blocked }) => operationRequest(blocked ? operations.blockUser : operations.unblockUser, { params: { userId } }),
      invalidatesTags: (result) => (result ? [...EVERYTHING] : []),
    }),
    setMuted: build.mutation<unknown, { userId: string; muted: boolean }>({
      query: ({ userId, muted }) => operationRequest(muted ? operations.muteUser : operations.unmuteUser, { params: { userId } }),
      invalidatesTags: (result) => (result ? [...MUTED_LISTS] : []),
    }),
    createReport: build.mutation<unknown, CreateReportBody>({
      query: (body) => operationRequest(operations.createReport, { body }),
      invalidatesTags: (result) => (result ? ['Reports'] : []),
    }),
  }),
});

export const { useBlocksQuery, useMutesQuery, useRelationQuery, useSetBlockedMutation, useSetMutedMutation, useCreateReportMutation } =
  safetyApi;
