/**
 * Opens the socket while signed in and closes it on logout or expiry. A socket that stays down feeds the
 * app-wide connectivity line (OfflineBanner: one banner, whatever is down); after every connect, what
 * pushes may have missed meanwhile is refreshed (`PUSHED_TAGS`): the account (a role granted meanwhile),
 * notifications, the conversation list (unread counts), friend requests (the Network badge) and how the
 * caller stands with the people on screen.
 * The server's `resync` (cross-node delivery may have dropped pushes while the socket stayed up) does the
 * same. Each open chat history catches up by itself (`after=`, chat/api.ts), after either.
 *
 * socket.io's client is loaded and connected once the first screen has painted and the page is idle (or
 * after `SOCKET_START_MAX_WAIT_MS` at most): evaluating it was part of the signed-in app's one long start-up
 * task. Features read the socket through `useSocket` / `whenSocket` (lib/socket.ts), which wait for it.
 */
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { plazaApi } from '../../api/plaza-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { reportReachable, reportUnreachable } from '../../lib/connectivity';

/** Loads the connection module when the browser is idle, at most this long after the app mounted. */
export const SOCKET_START_MAX_WAIT_MS = 1000;

const loadConnection = () => import('../../lib/socket-connection');

function whenPainted(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(task, { timeout: SOCKET_START_MAX_WAIT_MS });
    else task();
  }, 0);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/** What socket events keep fresh: after a connect, these load again, since pushes sent while down reached no one. */
export const PUSHED_TAGS = ['Me', 'Notifications', 'Conversations', 'Requests', 'Connection', 'Profile'] as const;

/** A disconnect shorter than this (a node handing its sockets to another during a deploy) shows nothing. */
export const SOCKET_DOWN_NOTICE_MS = 1500;

/** Connects, and watches the connection for the app-wide connectivity line and the refresh after a reconnect. */
function connectAndWatch(
  connection: Awaited<ReturnType<typeof loadConnection>>,
  userId: string,
  store: Store<RootState>,
  dispatch: AppDispatch,
): () => void {
  const socket = connection.connectSocket(userId, () => store.getState().auth.accessToken);
  let downTimer: ReturnType<typeof setTimeout> | undefined;
  // The first connect too: the socket connects after the first screen, which has fetched these already,
  // and what was pushed in between reached no one.
  const onConnect = () => {
    clearTimeout(downTimer);
    reportReachable();
    dispatch(plazaApi.util.invalidateTags([...PUSHED_TAGS]));
  };
  const onResync = () => dispatch(plazaApi.util.invalidateTags([...PUSHED_TAGS]));
  const onDisconnect = () => {
    clearTimeout(downTimer);
    downTimer = setTimeout(reportUnreachable, SOCKET_DOWN_NOTICE_MS);
  };
  socket.on('connect', onConnect);
  socket.on('resync', onResync);
  socket.on('disconnect', onDisconnect);
  return () => {
    clearTimeout(downTimer);
    socket.off('connect', onConnect);
    socket.off('resync', onResync);
    socket.off('disconnect', onDisconnect);
    connection.disconnectSocket();
  };
}

export function SocketLifecycle({ children }: { children: React.ReactNode }) {
  const userId = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.userDetails?._id : undefined));
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!userId) return;
    let closed = false;
    let close: (() => void) | undefined;
    const open = () => {
      loadConnection().then(
        (connection) => {
          if (closed) return;
          close = connectAndWatch(connection, userId, store, dispatch);
        },
        // The module could not be fetched (offline on a first visit, or a removed build): try again once online.
        () => {
          if (!closed) window.addEventListener('online', open, { once: true });
        },
      );
    };
    const cancelStart = whenPainted(open);
    return () => {
      closed = true;
      cancelStart();
      window.removeEventListener('online', open);
      close?.();
    };
  }, [userId, store, dispatch]);

  // The screen does not wait for the socket: subscriptions attach when it arrives (lib/socket.ts).
  return <>{children}</>;
}
