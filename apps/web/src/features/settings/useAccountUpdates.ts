/**
 * Applies what the server says changed in the signed-in person's account elsewhere (socket `userUpdate`:
 * a role granted or taken from the command line, an address an admin confirmed): the menu, /admin and the
 * banner follow at once, without signing in again.
 */
import type { SelfUser } from '@plaza/contract';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSocketEvent } from '../../lib/useSocketEvent';
import { accountApi, useMeQuery } from './api';
import { useSessionUserUpdate } from './useSessionUser';

export function useAccountUpdates(): void {
  const dispatch = useAppDispatch();
  const updateSession = useSessionUserUpdate();
  useSocketEvent('userUpdate', ({ user }: { user: SelfUser }) => {
    updateSession(user);
    void dispatch(accountApi.util.upsertQueryData('me', undefined, user));
  });
  // A push sent before the socket connected reached no one: the account read again after each connect
  // (shell/SocketLifecycle.tsx) is applied the same way.
  const signedIn = useAppSelector((s) => s.auth.isAuthenticated);
  const { data: fresh } = useMeQuery(undefined, { skip: !signedIn });
  useEffect(() => {
    if (fresh) updateSession(fresh);
  }, [fresh, updateSession]);
}
