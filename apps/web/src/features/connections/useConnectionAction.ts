/** Runs a connection change and reports a failure in a toast with the SPEC §8 text (the slice already rolled back). */
import type { ConnectionAction } from '@plaza/contract';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useAppDispatch } from '../../app/hooks';
import { changeConnection, fetchConnectionStatus } from './connectionThunks';

export function useConnectionAction() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (targetUserId: string, action: ConnectionAction): Promise<boolean> => {
      const result = await dispatch(changeConnection({ targetUserId, action }));
      if (changeConnection.fulfilled.match(result)) return true;
      const failure = result.payload;
      if (failure?.canceled) return false;
      toast.error(failure?.error ?? 'An unknown error occurred.', {
        description: failure?.message !== failure?.error ? failure?.message : undefined,
      });
      // A conflict means the other person changed things meanwhile: show what is true now.
      if (failure?.status === 409) void dispatch(fetchConnectionStatus(targetUserId));
      return false;
    },
    [dispatch],
  );
}
