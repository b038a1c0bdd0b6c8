/**
 * Group conversations' server data in the RTK Query cache (product.md § Chat, "Group conversations"): the
 * signed-in person's groups, each group's history, and the changes members make. A group's history is held in
 * the same shape as a one-to-one history (chat-cache.ts), so paging, `after=` catch-up and the merge of a
 * sent message with its unsent copy are the same code.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  CHAT_HISTORY_MAX_LIMIT,
  PAGE_SIZES,
  type ConversationRemovedEvent,
  type ConversationUpdateEvent,
  type GroupConversation,
  type GroupMessage,
  type GroupMessageEvent,
  type GroupReadEvent,
  type LinkPreview,
  type OperationResponse,
} from '@plaza/contract';
import { apiBaseQuery } from '../../api/base-query';
import { withEarlyCard } from '../../lib/early-cards';
import { operationRequest } from '../../api/operation';
import { operations } from '../../api/operations';
import { plazaApi } from '../../api/plaza-api';
import { addToHistory, catchUpCursor, highestSeq, type HistoryData, type HistoryPage } from './chat-cache';
import type { ChatMessage } from './chat-model';
import { streamFromSocket } from './socket-stream';

/** A group as the list holds it: the server's copy, with `gone` (why) once one is no longer in it. */
export type GroupSummary = GroupConversation;

/** A group message in the shape the message list shows (a one-to-one Message's fields). */
export const toChatMessage = (m: GroupMessage): ChatMessage => ({
  _id: m._id,
  clientMessageId: m.clientMessageId,
  messageSender: m.senderId,
  messageReceiver: m.conversationId,
  messageText: m.messageText,
  createdAt: m.createdAt,
  readAt: null,
  mentions: m.mentions,
  seq: m.seq,
  linkPreview: m.linkPreview,
  ...(m.kind === 'system' ? { system: true } : {}),
  ...(m.system ? { groupSystem: m.system } : {}),
});

const CATCH_UP_PAGES = 5;
const groupHistoryTag = (id: string) => ({ type: 'Messages' as const, id: `group:${id}` });

type HistoryReply = OperationResponse<typeof operations.getGroupMessages>;

/** A message arrived: the group's last message moves on; another member's counts as unread unless the group is open. */
function noteGroupMessage(list: GroupSummary[], message: GroupMessage, me: string): boolean {
  const group = list.find((g) => g._id === message.conversationId);
  if (!group) return false;
  const known = group.lastMessage._id === message._id;
  if (group.lastMessage.createdAt <= message.createdAt) group.lastMessage = message;
  if (!known && message.senderId !== me && message.kind === 'text') group.unreadCount += 1;
  return true;
}

/** The group's copy from the server replaces ours (a new group goes to the top). */
function putGroup(list: GroupSummary[], conversation: GroupConversation): void {
  const at = list.findIndex((g) => g._id === conversation._id);
  if (at >= 0) list[at] = conversation;
  else list.unshift(conversation);
}

// Long: the endpoints of one API slice, each short, as RTK Query declares them.
export const groupApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in person's groups (`me`), with their unread counts and read positions. The conversations
     * list's read (api.ts) reads both kinds at once and stores the groups here (`storeGroups`); the socket
     * keeps them current. Never fetched on its own, so no refetch may wipe it.
     */
    chatGroups: build.query<GroupSummary[], string>({
      queryFn: () => ({ data: [] }),
      async onCacheEntryAdded(me, lifecycle) {
        // A group not in the list yet: the conversations list is read again, groups and all.
        const refetch = () => lifecycle.dispatch(plazaApi.util.invalidateTags(['Conversations']));
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          const onMessage = ({ message }: GroupMessageEvent) =>
            whenLoaded(() => {
              let known = true;
              lifecycle.updateCachedData((list) => {
                known = noteGroupMessage(list, message, me);
              });
              if (!known) refetch();
            });
          const onUpdate = ({ conversation }: ConversationUpdateEvent) =>
            whenLoaded(() => lifecycle.updateCachedData((list) => putGroup(list, conversation)));
          const onRead = ({ conversationId, userId, seq }: GroupReadEvent) =>
            whenLoaded(() =>
              lifecycle.updateCachedData((list) => {
                const group = list.find((g) => g._id === conversationId);
                if (!group) return;
                const read = group.reads.find((r) => r.userId === userId);
                if (read) read.seq = Math.max(read.seq, seq);
                else group.reads.push({ userId, seq });
                // I read it (here or in another tab).
                if (userId === me && seq >= group.lastMessage.seq) group.unreadCount = 0;
              }),
            );
          const onRemoved = ({ conversationId, reason }: ConversationRemovedEvent) =>
            whenLoaded(() =>
              lifecycle.updateCachedData((list) => {
                const group = list.find((g) => g._id === conversationId);
                if (group) {
                  group.gone = reason;
                  group.unreadCount = 0;
                }
              }),
            );
          socket.on('groupMessage', onMessage);
          socket.on('conversationUpdate', onUpdate);
          socket.on('groupRead', onRead);
          socket.on('conversationRemoved', onRemoved);
          return () => {
            socket.off('groupMessage', onMessage);
            socket.off('conversationUpdate', onUpdate);
            socket.off('groupRead', onRead);
            socket.off('conversationRemoved', onRemoved);
          };
        });
      },
    }),

    /** One group, for an address of a group not in the list yet (a link, or just added). */
    chatGroup: build.query<GroupConversation, string>({
      query: (id) => operationRequest(operations.getGroup, { params: { id } }),
      transformResponse: (res: OperationResponse<typeof operations.getGroup>) => res.conversation,
    }),

    /** A group's history, latest page first, paged back `before` the oldest message shown; caught up after a reconnect. */
    groupHistory: build.infiniteQuery<HistoryPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.hasOlder ? last.messages.find((m) => !m.pending)?._id : undefined),
      },
      async queryFn({ queryArg: id, pageParam }, api) {
        const result = await apiBaseQuery(
          operationRequest(operations.getGroupMessages, {
            params: { id },
            query: pageParam ? { before: pageParam, limit: PAGE_SIZES.chatHistory } : { limit: PAGE_SIZES.chatHistory },
          }),
          api,
          {},
        );
        if (result.error) return { error: result.error };
        const messages = (result.data as HistoryReply).data.map(toChatMessage);
        const hasOlder = messages.length >= PAGE_SIZES.chatHistory;
        return { data: pageParam ? { messages, hasOlder } : { messages, hasOlder, through: highestSeq(messages) } };
      },
      providesTags: (_data, _error, id) => [groupHistoryTag(id)],
      async onCacheEntryAdded(id, lifecycle) {
        const { dispatch } = lifecycle;
        // As for a one-to-one history (api.ts): what was stored after the catch-up cursor, a page at a time.
        const resync = async () => {
          let after = catchUpCursor(lifecycle.getCacheEntry().data);
          for (let page = 0; after && page < CATCH_UP_PAGES; page++) {
            const answer = await dispatch(
              groupApi.endpoints.groupMessagesAfter.initiate({ id, after }, { subscribe: false, forceRefetch: true }),
            );
            const missed = answer.data;
            if (!missed) return;
            if (missed.length > 0)
              lifecycle.updateCachedData((data: HistoryData) => addToHistory(data, missed, missed[missed.length - 1].seq));
            if (missed.length < CHAT_HISTORY_MAX_LIMIT) return;
            after = missed[missed.length - 1]._id;
          }
          dispatch(plazaApi.util.invalidateTags([groupHistoryTag(id)]));
        };
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          const onMessage = ({ conversationId, message }: GroupMessageEvent) => {
            if (conversationId === id)
              whenLoaded(() =>
                lifecycle.updateCachedData((data) => addToHistory(data, [toChatMessage(withEarlyCard('message', message))])),
              );
          };
          const onConnect = () => whenLoaded(() => void resync());
          socket.on('groupMessage', onMessage);
          socket.on('connect', onConnect);
          socket.on('resync', onConnect);
          return () => {
            socket.off('groupMessage', onMessage);
            socket.off('connect', onConnect);
            socket.off('resync', onConnect);
          };
        });
      },
    }),

    /** The group's messages after one, oldest first: the catch-up after a reconnect. */
    groupMessagesAfter: build.query<ChatMessage[], { id: string; after: string }>({
      query: ({ id, after }) =>
        operationRequest(operations.getGroupMessages, { params: { id }, query: { after, limit: CHAT_HISTORY_MAX_LIMIT } }),
      transformResponse: (res: HistoryReply) => res.data.map(toChatMessage),
      keepUnusedDataFor: 0,
    }),

    /** Sends what the outbox holds for a group (useOutboxDelivery.ts); the stored copy replaces the unsent one. */
    sendGroupMessage: build.mutation<GroupMessage, { id: string; text: string; clientMessageId: string; me: string }>({
      query: ({ id, text, clientMessageId }) =>
        operationRequest(operations.sendGroupMessage, { params: { id }, body: { messageText: text, clientMessageId } }),
      transformResponse: (res: OperationResponse<typeof operations.sendGroupMessage>) => res.message,
      async onQueryStarted({ id, me }, { dispatch, queryFulfilled }) {
        try {
          const { data: stored } = await queryFulfilled;
          dispatch(
            groupApi.util.updateQueryData('groupHistory', id, (data) =>
              addToHistory(data, [toChatMessage(withEarlyCard('message', stored))]),
            ),
          );
          dispatch(groupApi.util.updateQueryData('chatGroups', me, (list) => void noteGroupMessage(list, stored, me)));
        } catch {
          // Still in the outbox: tried again, or shown as failed with Retry.
        }
      },
    }),

    /** Read up to the latest: the unread count goes, and the others see it in "Seen by". */
    markGroupRead: build.mutation<OperationResponse<typeof operations.markGroupRead>, { id: string; me: string }>({
      query: ({ id }) => operationRequest(operations.markGroupRead, { params: { id }, body: {} }),
      async onQueryStarted({ id, me }, { dispatch, queryFulfilled }) {
        let seq: number;
        try {
          ({ seq } = (await queryFulfilled).data);
        } catch {
          return;
        }
        dispatch(
          groupApi.util.updateQueryData('chatGroups', me, (list) => {
            const group = list.find((g) => g._id === id);
            if (!group) return;
            group.unreadCount = 0;
            const read = group.reads.find((r) => r.userId === me);
            if (read) read.seq = Math.max(read.seq, seq);
          }),
        );
      },
    }),

    createGroup: build.mutation<GroupConversation, { name: string; memberIds: string[]; me: string }>({
      query: ({ name, memberIds }) =>
        operationRequest(operations.createGroup, {
          body: { name, memberIds },
          fallback: { error: 'Request failed', message: 'The group could not be created. Please try again.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.createGroup>) => res.conversation,
      async onQueryStarted({ me }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(groupApi.util.updateQueryData('chatGroups', me, (list) => putGroup(list, data)));
        } catch {
          // The dialog says why.
        }
      },
    }),

    renameGroup: build.mutation<GroupConversation, { id: string; name: string; me: string }>({
      query: ({ id, name }) => operationRequest(operations.updateGroup, { params: { id }, body: { name } }),
      transformResponse: (res: OperationResponse<typeof operations.updateGroup>) => res.conversation,
      onQueryStarted: ({ me }, lifecycle) => keepGroup(me, lifecycle),
    }),

    removeGroupPhoto: build.mutation<GroupConversation, { id: string; me: string }>({
      query: ({ id }) => operationRequest(operations.updateGroup, { params: { id }, body: { photo: null } }),
      transformResponse: (res: OperationResponse<typeof operations.updateGroup>) => res.conversation,
      onQueryStarted: ({ me }, lifecycle) => keepGroup(me, lifecycle),
    }),

    uploadGroupPhoto: build.mutation<GroupConversation, { id: string; file: File; me: string }>({
      query: ({ id, file }) =>
        operationRequest(operations.uploadGroupPhoto, {
          params: { id },
          form: { photo: file },
          fallback: { error: 'Upload failed', message: 'The photo could not be uploaded.' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.uploadGroupPhoto>) => res.conversation,
      onQueryStarted: ({ me }, lifecycle) => keepGroup(me, lifecycle),
    }),

    addGroupMembers: build.mutation<GroupConversation, { id: string; userIds: string[]; me: string }>({
      query: ({ id, userIds }) => operationRequest(operations.addGroupMembers, { params: { id }, body: { userIds } }),
      transformResponse: (res: OperationResponse<typeof operations.addGroupMembers>) => res.conversation,
      onQueryStarted: ({ me }, lifecycle) => keepGroup(me, lifecycle),
    }),

    /** An admin removes someone; one's own id leaves the group. */
    removeGroupMember: build.mutation<void, { id: string; userId: string; me: string }>({
      query: ({ id, userId }) => operationRequest(operations.removeGroupMember, { params: { id, userId } }),
      transformResponse: () => undefined,
      async onQueryStarted({ id, userId, me }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(
          groupApi.util.updateQueryData('chatGroups', me, (list) => {
            const group = list.find((g) => g._id === id);
            if (!group) return;
            if (userId === me) group.gone = 'left';
            else group.members = group.members.filter((m) => m._id !== userId);
          }),
        );
      },
    }),

    muteGroup: build.mutation<boolean, { id: string; muted: boolean; me: string }>({
      query: ({ id, muted }) => operationRequest(operations.muteGroup, { params: { id }, body: { muted } }),
      transformResponse: (res: OperationResponse<typeof operations.muteGroup>) => res.muted,
      async onQueryStarted({ id, me }, { dispatch, queryFulfilled }) {
        try {
          const { data: muted } = await queryFulfilled;
          dispatch(
            groupApi.util.updateQueryData('chatGroups', me, (list) => {
              const group = list.find((g) => g._id === id);
              if (group) group.muted = muted;
            }),
          );
        } catch {
          // The button stays as it was; the toast says why.
        }
      },
    }),
  }),
});

type GroupsState = Parameters<typeof groupApi.util.selectCachedArgsForQuery>[0];

/** A group message's link card arrived (socket `linkPreview`): the cached group history that holds it shows it. */
export const applyGroupMessageLinkPreview =
  (messageId: string, linkPreview: LinkPreview): ThunkAction<void, GroupsState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    for (const id of groupApi.util.selectCachedArgsForQuery(getState(), 'groupHistory')) {
      dispatch(
        groupApi.util.updateQueryData('groupHistory', id, (data) => {
          for (const message of data.pages.flatMap((page) => page.messages))
            if (message._id === messageId) message.linkPreview = linkPreview;
        }),
      );
    }
  };

/**
 * The groups the conversations list just read replace the held ones; a group one was just removed from (or
 * left) stays while it is open, so its screen can say why.
 */
export const storeGroups =
  (me: string, fresh: GroupConversation[]): ThunkAction<void, GroupsState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const held = groupApi.endpoints.chatGroups.select(me)(getState()).data ?? [];
    const gone = held.filter((g) => g.gone && !fresh.some((f) => f._id === g._id));
    void dispatch(groupApi.util.upsertQueryData('chatGroups', me, [...fresh, ...gone]));
  };

/** Who is in which group, live; only the conversations list's read fills it, so nothing refetches it. */
export function useChatGroups(me: string | undefined): GroupSummary[] | undefined {
  return useChatGroupsQuery(me ?? '', {
    skip: !me,
    refetchOnMountOrArgChange: false,
    refetchOnReconnect: false,
    refetchOnFocus: false,
  }).data;
}

/** A change answered with the group as it is now: the list's copy becomes that one. */
async function keepGroup(
  me: string,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: GroupConversation }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(groupApi.util.updateQueryData('chatGroups', me, (list) => putGroup(list, data)));
  } catch {
    // The dialog says why.
  }
}

const { useChatGroupsQuery } = groupApi;

export const {
  useChatGroupQuery,
  useGroupHistoryInfiniteQuery,
  useMarkGroupReadMutation,
  useCreateGroupMutation,
  useRenameGroupMutation,
  useRemoveGroupPhotoMutation,
  useUploadGroupPhotoMutation,
  useAddGroupMembersMutation,
  useRemoveGroupMemberMutation,
  useMuteGroupMutation,
} = groupApi;
