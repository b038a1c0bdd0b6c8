/**
 * Hands an account the server returned to the session (the navbar, the stored session) through the auth
 * slice's `setUserDetails` — unless someone else signed in while the call ran: an upload finishing after
 * a logout must not bring the previous person back.
 */
import type { SelfUser } from '@plaza/contract';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import { setUserDetails } from '../auth';

export function useSessionUserUpdate() {
  const store = useStore<RootState>();
  return useCallback(
    (user: SelfUser) => {
      if (store.getState().auth.userDetails?._id === user._id) store.dispatch(setUserDetails(user));
    },
    [store],
  );
}
