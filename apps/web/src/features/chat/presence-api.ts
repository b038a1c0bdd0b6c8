/**
 * Who is online, and who is typing to the signed-in user (product.md § Realtime events: `onlineUsers`, `typing`):
 * a cache entry the socket alone fills, for as long as the chat screen holds it.
 */
import type { Message, TypingEvent } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import type { Presence } from './chat-model';
import { streamFromSocket } from './socket-stream';

/** A partner whose "stopped typing" got lost stops showing as typing after this long. */
const TYPING_STALE_MS = 5000;

export const presenceApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    /** Who is online and who is typing to `me`: pushed by the server only, so the entry never refetches. */
    chatPresence: build.query<Presence, string>({
      queryFn: () => ({ data: { online: [], typing: [] } }),
      async onCacheEntryAdded(me, lifecycle) {
        const updateCachedData = lifecycle.updateCachedData.bind(lifecycle);
        const timers = new Map<string, ReturnType<typeof setTimeout>>();
        const setTyping = (userId: string, isTyping: boolean) => {
          clearTimeout(timers.get(userId));
          timers.delete(userId);
          if (isTyping)
            timers.set(
              userId,
              setTimeout(() => setTyping(userId, false), TYPING_STALE_MS),
            );
          updateCachedData((p) => {
            p.typing = p.typing.filter((id) => id !== userId);
            if (isTyping) p.typing.push(userId);
          });
        };
        await streamFromSocket(lifecycle, (socket, whenLoaded) => {
          // The server's list replaces ours (product.md § Chat).
          const onOnline = (ids: string[]) =>
            whenLoaded(() =>
              updateCachedData((p) => {
                p.online = [...new Set(ids)];
              }),
            );
          const onTyping = ({ userId, isTyping }: TypingEvent) => {
            if (userId !== me) whenLoaded(() => setTyping(userId, isTyping));
          };
          // A message from someone ends their typing.
          const onMessage = (message: Message) => {
            if (message.messageSender !== me) whenLoaded(() => setTyping(message.messageSender, false));
          };
          const onDisconnect = () =>
            whenLoaded(() => {
              for (const timer of timers.values()) clearTimeout(timer);
              timers.clear();
              // While we are disconnected nobody's presence is known: nobody shows as online until the server says so again.
              updateCachedData((p) => {
                p.typing = [];
                p.online = [];
              });
            });
          // Asks for this user's onlineUsers list, which went out before anyone here was listening.
          const announce = () => socket.emit('userConnected', me);
          socket.on('onlineUsers', onOnline);
          socket.on('typing', onTyping);
          socket.on('receiveMessage', onMessage);
          socket.on('disconnect', onDisconnect);
          socket.on('connect', announce);
          if (socket.connected) announce();
          return () => {
            socket.off('onlineUsers', onOnline);
            socket.off('typing', onTyping);
            socket.off('receiveMessage', onMessage);
            socket.off('disconnect', onDisconnect);
            socket.off('connect', announce);
            for (const timer of timers.values()) clearTimeout(timer);
          };
        });
      },
    }),
  }),
});

const NO_PRESENCE: Presence = { online: [], typing: [] };

/** Presence of `me`'s contacts; the socket alone updates it, so no refetch may wipe it. */
export function useChatPresence(me: string): Presence {
  const { data } = presenceApi.useChatPresenceQuery(me, {
    refetchOnMountOrArgChange: false,
    refetchOnReconnect: false,
    refetchOnFocus: false,
  });
  return data ?? NO_PRESENCE;
}
