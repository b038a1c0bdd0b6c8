/**
 * One person's connection button state: the change in flight (shared by every button showing that
 * person), a toast with the text of product.md § Network and connections when a change fails, and after a conflict a fresh status check
 * whose own loading and error states the buttons show.
 */
import type { ConnectionAction } from '@plaza/contract';
import { useCallback } from 'react';
import { toast } from '../../lib/toast';
import type { ApiErrorPayload } from '../../api/errors';
import { useChangeConnectionMutation, useLazyConnectionStatusQuery } from './api';
import { isCanceledError } from './lifecycle';
import { CONNECTION_ERRORS } from './statuses';

export function useConnectionAction(targetUserId: string) {
  const [change, { isLoading: busy }] = useChangeConnectionMutation({ fixedCacheKey: `connection:${targetUserId}` });
  const [check, checked] = useLazyConnectionStatusQuery();

  const act = useCallback(
    async (action: ConnectionAction) => {
      try {
        await change({ targetUserId, action }).unwrap();
      } catch (failure) {
        if (isCanceledError(failure)) return;
        const { message, status } = failure as Partial<ApiErrorPayload>;
        const title = CONNECTION_ERRORS[action];
        toast.error(title, { description: message && message !== title ? message : undefined });
        // A conflict means the other person changed things meanwhile: show what is true now.
        if (status === 409) void check(targetUserId);
      }
    },
    [change, check, targetUserId],
  );

  return {
    act,
    busy,
    checking: checked.isFetching,
    checkFailed: checked.isError && !checked.isFetching,
    recheck: () => void check(targetUserId),
  };
}
