/**
 * The chat's server data (product.md § Chat) in the RTK Query cache: people to talk to,
 * conversations, each conversation's history; sends and reads. Socket events (product.md § Realtime events) are
 * written into the entries they change while those entries live. Presence is in `./presence-api`.
 */
import { withEarlyCard } from '../../lib/early-cards';
import {
  CHAT,
  CHAT_HISTORY_MAX_LIMIT,
  CONVERSATIONS_MAX_LIMIT,
  MAX_PAGE_LIMIT,
  PAGE_SIZES,
  pairRoom,
  parsePairRoom,
  type GroupConversation,
  type LinkPreview,
  type Message,
  type MessagesReadEvent,
  type OperationResponse,
} from '@plaza/contract';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { operations } from '../../api/operations';
import { retry } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from '../../api/base-query';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import {
  addToHistory,
  catchUpCursor,
  clearUnread,
  highestSeq,
  markHistoryRead,
  markLastMessageRead,
  noteMessage,
  noteSent,
  type HistoryData,
  type HistoryPage,
} from './chat-cache';
import { delay } from './chat-helpers';
import { CHAT_ERRORS, toChatUser, type ChatUser, type ConversationArgs, type ConversationSummary } from './chat-model';
import { followChatEvents } from './chat-socket-events';
import { applyGroupMessageLinkPreview, storeGroups } from './group-api';
import { streamFromSocket } from './socket-stream';

interface ChatUsersPage {
  users: ChatUser[];
  page: number;
  hasMore: boolean;
}

export interface SendArgs {
  sender: { _id: string; userName: string };
  receiver: ChatUser;
  text: string;
  clientMessageId: string;
  /** The sender removed the link preview card: the server makes none. */
  noPreview?: boolean;
}

/** How many pages of conversations the list reads at most (a thousand people talked with). */
const CONVERSATION_PAGES_MAX = 10;

const HISTORY_FALLBACK = { error: 'Request failed', message: CHAT_ERRORS.messages };

type HistoryReply = OperationResponse<typeof operations.getChatHistory>;
type SentReply = OperationResponse<typeof operations.sendMessage>;

const historyParams = ({ me, other }: ConversationArgs) => ({ currentUserId: me, otherUserId: other });

const errorField = (error: unknown, field: 'error' | 'status'): unknown =>
  typeof error === 'object' && error !== null && field in error ? (error as Record<typeof field, unknown>)[field] : undefined;

/** An identical request replaced this one (product.md § API conventions): trying it again would only cancel the other. */
const wasCanceled = (error: unknown) => errorField(error, 'error') === 'canceled';

/** Retrying cannot fix a refused message; anything else (network, 5xx, 429, 408) is worth another try. */
function isRetryable(error: unknown): boolean {
  const status = errorField(error, 'status');
  return !wasCanceled(error) && (typeof status !== 'number' || status >= 500 || status === 429 || status === 408);
}

/** The latest history: three retries, 1, 2 and 4 s apart (product.md § Constants and limits). */
const fetchWithBackoff = retry(apiBaseQuery, {
  retryCondition: (error, _request, { attempt }) => attempt <= CHAT.historyRetries && !wasCanceled(error),
  backoff: (attempt, _max, signal) => delay(CHAT.historyBackoffMs[Math.min(attempt, CHAT.historyBackoffMs.length) - 1], signal),
});

/** A send: two retries a second apart (product.md § Constants and limits); the same clientMessageId makes a retry return the first copy. */
const sendWithRetries = retry(apiBaseQuery, {
  retryCondition: (error, _request, { attempt }) => attempt <= CHAT.sendRetries && isRetryable(error),
  backoff: (_attempt, _max, signal) => delay(CHAT.sendRetryDelayMs, signal),
});

/** The other person of a pair room the signed-in user belongs to. */
function partnerIn(room: string, me: string): string | null {
  const pair = parsePairRoom(room);
  if (!pair || !pair.includes(me)) return null;
  return pair[0] === me ? pair[1] : pair[0];
}

const belongsTo = (message: Message, { me, other }: ConversationArgs) =>
  (message.messageSender === me && message.messageReceiver === other) ||
  (message.messageSender === other && message.messageReceiver === me);

/** Pages of catch-up after a reconnect before loading the conversation afresh instead. */
const CATCH_UP_PAGES = 5;
const historyTag = ({ me, other }: ConversationArgs) => ({ type: 'Messages' as const, id: pairRoom(me, other) });

// Long: the endpoints of one API slice, each short, as RTK Query declares them.
export const chatApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** The people one can chat with, ten a page (product.md § Constants and limits); the server filters by `search` too. */
    chatUsers: build.infiniteQuery<ChatUsersPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
      },
      query: ({ queryArg: search, pageParam: page }) =>
        operationRequest(operations.listNetwork, { query: { page, limit: PAGE_SIZES.chatUsers, search: search || undefined } }),
      transformResponse: (res: OperationResponse<typeof operations.listNetwork>) => ({
        users: res.data.map(toChatUser),
        page: res.pagination.currentPage,
        hasMore: res.pagination.hasMore,
      }),
    }),

    /** Friends to start a conversation with (the "New conversation" picker): the first fifty matching `search`. */
    chatFriends: build.query<ChatUser[], string>({
      query: (search) =>
        operationRequest(operations.listNetwork, {
          query: { page: 1, limit: MAX_PAGE_LIMIT, search: search || undefined, connection: 'friends' },
        }),
      transformResponse: (res: OperationResponse<typeof operations.listNetwork>) => res.data.map(toChatUser),
    }),

    /**
     * The signed-in user's conversations (`me`, which also keeps one person's list from another's), most
     * recent first: page after page of the largest size, so unread counts cover every conversation.
     */
    chatConversations: build.query<ConversationSummary[], string>({
      async queryFn(me, api) {
        const list: ConversationSummary[] = [];
        const groups: GroupConversation[] = [];
        for (let page = 1; page <= CONVERSATION_PAGES_MAX; page++) {
          const result = await apiBaseQuery(
            operationRequest(operations.listConversations, { query: { page, limit: CONVERSATIONS_MAX_LIMIT } }),
            api,
            {},
          );
          if (result.error) return { error: result.error };
          const res = result.data as OperationResponse<typeof operations.listConversations>;
          for (const c of res.data) {
            // Groups are held in a list of their own (group-api.ts).
            if (c.kind === 'group') {
              if (!groups.some((known) => known._id === c._id)) groups.push(c);
              continue;
            }
            if (!list.some((known) => known.user._id === c.user._id))
              list.push({ user: toChatUser(c.user), lastMessage: c.lastMessage, unreadCount: c.unreadCount });
          }
          if (!res.pagination.hasMore) break;
        }
        api.dispatch(storeGroups(me, groups));
        return { data: list };
      },
      providesTags: ['Conversations'],
      async onCacheEntryAdded(me, lifecycle) {
        const { dispatch } = lifecycle;
        const refetch = () => dispatch(plazaApi.util.invalidateTags(['Conversations']));
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          const onMessage = (message: Message) =>
            whenLoaded(() => {
              let known = true;
              lifecycle.updateCachedData((list) => {
                known = noteMessage(list, message, me);
              });
              // Someone writing for the first time: the server knows who they are.
              if (!known) refetch();
            });
          const onRead = ({ room, readerId, readAt }: MessagesReadEvent) =>
            whenLoaded(() =>
              lifecycle.updateCachedData((list) => {
                // I read a conversation (here or in another tab), or they read mine.
                const other = readerId === me ? partnerIn(room, me) : null;
                if (other) clearUnread(list, other);
                else if (readerId !== me) markLastMessageRead(list, readerId, me, readAt);
              }),
            );
          // Whatever a lost connection missed comes from the server again.
          const onConnect = () => whenLoaded(refetch);
          return followChatEvents(socket, { receiveMessage: onMessage, messagesRead: onRead, connect: onConnect });
        });
      },
    }),

    /** A conversation's history, latest page first; the next page is the one `before` the oldest message shown. */
    chatHistory: build.infiniteQuery<HistoryPage, ConversationArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.hasOlder ? last.messages.find((m) => !m.pending)?._id : undefined),
      },
      async queryFn({ queryArg, pageParam }, api) {
        const params = historyParams(queryArg);
        const result = pageParam
          ? await apiBaseQuery(
              operationRequest(operations.getChatHistory, { params, query: { before: pageParam, limit: PAGE_SIZES.chatHistory } }),
              api,
              {},
            )
          : await fetchWithBackoff(operationRequest(operations.getChatHistory, { params, fallback: HISTORY_FALLBACK }), api, {});
        if (result.error) return { error: result.error };
        const messages = result.data as HistoryReply;
        const hasOlder = messages.length >= PAGE_SIZES.chatHistory;
        // The latest page holds every message up to its highest seq (older ones are paged back by id).
        return { data: pageParam ? { messages, hasOlder } : { messages, hasOlder, through: highestSeq(messages) } };
      },
      providesTags: (_data, _error, arg) => [historyTag(arg)],
      async onCacheEntryAdded(arg, lifecycle) {
        const { dispatch } = lifecycle;
        const room = pairRoom(arg.me, arg.other);
        /**
         * After a reconnect or the server's resync: everything stored after the catch-up cursor (catchUpCursor: the message
         * up to which we hold them all), a page at a time (`after=`), merged by _id. Each answer holds all up to its last
         * message. Nothing held yet, or more missed than a few pages: load it afresh.
         */
        const resync = async () => {
          let after = catchUpCursor(lifecycle.getCacheEntry().data);
          for (let page = 0; after && page < CATCH_UP_PAGES; page++) {
            const missed = (
              await dispatch(chatApi.endpoints.chatMessagesAfter.initiate({ ...arg, after }, { subscribe: false, forceRefetch: true }))
            ).data;
            // Failed: the next reconnect (or the next push) tries again.
            if (!missed) return;
            if (missed.length > 0)
              lifecycle.updateCachedData((data: HistoryData) => addToHistory(data, missed, missed[missed.length - 1].seq));
            if (missed.length < CHAT_HISTORY_MAX_LIMIT) return;
            after = missed[missed.length - 1]._id;
          }
          dispatch(plazaApi.util.invalidateTags([historyTag(arg)]));
        };
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          const onMessage = (message: Message) => {
            if (belongsTo(message, arg))
              whenLoaded(() => lifecycle.updateCachedData((data) => addToHistory(data, [withEarlyCard('message', message)])));
          };
          const onRead = ({ room: readRoom, readerId, readAt }: MessagesReadEvent) => {
            if (readRoom !== room) return;
            // I read theirs (here or in another tab), or they read mine.
            const sender = readerId === arg.me ? arg.other : readerId === arg.other ? arg.me : null;
            if (sender) whenLoaded(() => lifecycle.updateCachedData((data) => markHistoryRead(data, sender, readAt)));
          };
          const onConnect = () => whenLoaded(() => void resync());
          return followChatEvents(socket, { receiveMessage: onMessage, messagesRead: onRead, connect: onConnect });
        });
      },
    }),

    /** The messages after one, oldest first: the catch-up after a reconnect (product.md § Chat). */
    chatMessagesAfter: build.query<HistoryReply, ConversationArgs & { after: string }>({
      query: ({ after, ...arg }) =>
        operationRequest(operations.getChatHistory, { params: historyParams(arg), query: { after, limit: CHAT_HISTORY_MAX_LIMIT } }),
      keepUnusedDataFor: 0,
    }),

    /** Sending (`sendMessage`): shown at once as pending, replaced by the stored copy, rolled back when it fails. */
    sendChatMessage: build.mutation<SentReply, SendArgs>({
      async queryFn({ sender, receiver, text, clientMessageId, noPreview }, api) {
        const request = operationRequest(operations.sendMessage, {
          body: {
            messageSenderUsername: sender.userName,
            messageReceiverUsername: receiver.userName,
            messageContent: text,
            clientMessageId,
            ...(noPreview ? { noPreview } : {}),
          },
        });
        const result = await sendWithRetries(request, api, {});
        return result.error ? { error: result.error } : { data: result.data as SentReply };
      },
      // The unsent message shows from the outbox (outbox.ts) until this stored one replaces it.
      async onQueryStarted({ sender, receiver }, { dispatch, queryFulfilled }) {
        const conversation = { me: sender._id, other: receiver._id };
        try {
          const { data: stored } = await queryFulfilled;
          dispatch(
            chatApi.util.updateQueryData('chatHistory', conversation, (data) => addToHistory(data, [withEarlyCard('message', stored)])),
          );
          dispatch(chatApi.util.updateQueryData('chatConversations', sender._id, (list) => noteSent(list, stored, receiver)));
        } catch {
          // Still in the outbox: tried again, or shown as failed with Retry.
        }
      },
    }),

    /** Marks the conversation read up to now; only what the server had then becomes read. */
    markChatRead: build.mutation<OperationResponse<typeof operations.markChatRead>, ConversationArgs>({
      query: ({ other }) => operationRequest(operations.markChatRead, { params: { otherUserId: other } }),
      async onQueryStarted(conversation, { dispatch, queryFulfilled }) {
        let readAt: string;
        try {
          ({ readAt } = (await queryFulfilled).data);
        } catch {
          return;
        }
        dispatch(chatApi.util.updateQueryData('chatHistory', conversation, (data) => markHistoryRead(data, conversation.other, readAt)));
        dispatch(chatApi.util.updateQueryData('chatConversations', conversation.me, (list) => clearUnread(list, conversation.other)));
      },
    }),
  }),
});

export const {
  useChatUsersInfiniteQuery,
  useChatConversationsQuery,
  useChatFriendsQuery,
  useChatHistoryInfiniteQuery,
  useSendChatMessageMutation,
  useMarkChatReadMutation,
} = chatApi;

type ChatState = Parameters<typeof chatApi.util.selectCachedArgsForQuery>[0];

/** A message's link card arrived (socket `linkPreview`): the cached history that holds the message, one-to-one or group, shows it. */
export const applyMessageLinkPreview =
  (messageId: string, linkPreview: LinkPreview): ThunkAction<void, ChatState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    for (const conversation of chatApi.util.selectCachedArgsForQuery(getState(), 'chatHistory')) {
      dispatch(
        chatApi.util.updateQueryData('chatHistory', conversation, (data) => {
          for (const message of data.pages.flatMap((page) => page.messages))
            if (message._id === messageId) message.linkPreview = linkPreview;
        }),
      );
    }
    dispatch(applyGroupMessageLinkPreview(messageId, linkPreview));
  };
