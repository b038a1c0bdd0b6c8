/**
 * Sends what the outbox holds (outbox.ts), oldest first, one at a time, whenever Plaza can be reached:
 * at start (what a reload kept), as soon as the connection returns, and when something is written. A
 * message the server refused is marked failed (shown with Retry); one that got no answer waits for the
 * connection. Mounted once for the signed-in frame, so leaving the chat screen stops nothing.
 */
import { addListener } from '@reduxjs/toolkit';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { useConnectivity } from '../../lib/connectivity';
import { useSocket } from '../../lib/socket';
import { pairRoom } from '@plaza/contract';
import { chatApi } from './api';
import { CHAT_ERRORS } from './chat-model';
import { groupApi } from './group-api';
import { logoutUser } from '../auth';
import { outbox, useOutbox } from './outbox';

/** After a send that got no answer while the browser still says it is online, the next try comes this much later. */
const RETRY_MS = 5000;

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : CHAT_ERRORS.send;

export function useOutboxDelivery(me: { _id: string; userName: string } | null): void {
  const dispatch = useAppDispatch();
  const items = useOutbox(me?._id ?? '');
  const connectivity = useConnectivity();
  const socket = useSocket();
  const sending = useRef(false);
  const [retryTick, setRetryTick] = useState(0);
  const meId = me?._id;

  // What this person left unsent goes with them when they log out (not when a session merely expires).
  useEffect(() => {
    if (!meId) return;
    return dispatch(addListener({ actionCreator: logoutUser.fulfilled, effect: () => outbox.clear(meId) }));
  }, [dispatch, meId]);

  useEffect(() => {
    const next = items.find((i) => !i.failed);
    if (!me || !next || connectivity !== 'online' || sending.current) return;
    sending.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      if (next.groupId) {
        const sent = await dispatch(
          groupApi.endpoints.sendGroupMessage.initiate({
            id: next.groupId,
            text: next.text,
            clientMessageId: next.clientMessageId,
            me: me._id,
          }),
        );
        sending.current = false;
        if (sent.data) outbox.remove(me._id, next.clientMessageId);
        else if (statusOf(sent.error) !== undefined) outbox.mark(me._id, next.clientMessageId, messageOf(sent.error));
        else timer = setTimeout(() => setRetryTick((n) => n + 1), RETRY_MS);
        return;
      }
      const result = await dispatch(
        chatApi.endpoints.sendChatMessage.initiate({
          sender: me,
          receiver: next.receiver,
          text: next.text,
          clientMessageId: next.clientMessageId,
          noPreview: next.noPreview,
        }),
      );
      sending.current = false;
      if (result.data) {
        outbox.remove(me._id, next.clientMessageId);
        // The server announced the stored message already; this only asks it to confirm (product.md § Realtime events).
        if (socket?.connected) {
          const room = pairRoom(me._id, next.receiver._id);
          socket.emit('sendMessage', { room, message: result.data, senderId: me._id, receiverId: next.receiver._id }, () => {});
        }
        return;
      }
      // Answered and refused: trying again by itself would be refused again, so the person decides (Retry).
      if (statusOf(result.error) !== undefined) outbox.mark(me._id, next.clientMessageId, messageOf(result.error));
      else timer = setTimeout(() => setRetryTick((n) => n + 1), RETRY_MS);
    })();
    return () => clearTimeout(timer);
  }, [items, connectivity, me, dispatch, socket, retryTick]);
}
