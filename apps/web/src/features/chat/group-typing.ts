/**
 * Who is typing in which group (socket `groupTyping`): a cache entry the socket alone fills while the chat
 * screen holds it. Someone whose "stopped" got lost stops showing after 5 s; a message from them ends it.
 */
import type { GroupMessageEvent, GroupTypingEvent } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import { streamFromSocket } from './socket-stream';

const TYPING_STALE_MS = 5000;

/** Group id → the ids of the members typing there now. */
export type GroupTyping = Record<string, string[]>;

const groupTypingApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    groupTyping: build.query<GroupTyping, string>({
      queryFn: () => ({ data: {} }),
      async onCacheEntryAdded(me, lifecycle) {
        const timers = new Map<string, ReturnType<typeof setTimeout>>();
        const set = (conversationId: string, userId: string, isTyping: boolean) => {
          const key = `${conversationId}/${userId}`;
          clearTimeout(timers.get(key));
          timers.delete(key);
          if (isTyping)
            timers.set(
              key,
              setTimeout(() => set(conversationId, userId, false), TYPING_STALE_MS),
            );
          lifecycle.updateCachedData((typing) => {
            const now = (typing[conversationId] ?? []).filter((id) => id !== userId);
            if (isTyping) now.push(userId);
            if (now.length) typing[conversationId] = now;
            else delete typing[conversationId];
          });
        };
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          const onTyping = ({ conversationId, userId, isTyping }: GroupTypingEvent) => {
            if (userId !== me) whenLoaded(() => set(conversationId, userId, isTyping));
          };
          const onMessage = ({ conversationId, message }: GroupMessageEvent) => {
            if (message.senderId !== me) whenLoaded(() => set(conversationId, message.senderId, false));
          };
          const onDisconnect = () =>
            whenLoaded(() => {
              for (const timer of timers.values()) clearTimeout(timer);
              timers.clear();
              lifecycle.updateCachedData(() => ({}));
            });
          socket.on('groupTyping', onTyping);
          socket.on('groupMessage', onMessage);
          socket.on('disconnect', onDisconnect);
          return () => {
            socket.off('groupTyping', onTyping);
            socket.off('groupMessage', onMessage);
            socket.off('disconnect', onDisconnect);
            for (const timer of timers.values()) clearTimeout(timer);
          };
        });
      },
    }),
  }),
});

const NOBODY: GroupTyping = {};

/** Who is typing in each of `me`'s groups; the socket alone updates it, so no refetch may wipe it. */
export function useGroupTyping(me: string): GroupTyping {
  const { data } = groupTypingApi.useGroupTypingQuery(me, {
    refetchOnMountOrArgChange: false,
    refetchOnReconnect: false,
    refetchOnFocus: false,
  });
  return data ?? NOBODY;
}
