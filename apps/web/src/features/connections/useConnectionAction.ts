/**
 * One person's connection button state: the change in flight (shared by every button showing that
 * person), a toast with the text of product.md § Network and connections when a change fails, and after a conflict a fresh status check
 * whose own loading and error states the buttons show.
 */
import type { ConnectionAction } from '@plaza/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { ApiErrorPayload } from '../../api/errors';
import { useChangeConnectionMutation, useLazyConnectionStatusQuery } from './api';
import { isCanceledError } from './lifecycle';
import { CONNECTION_ERRORS } from './statuses';

export function useConnectionAction(targetUserId: string) {
  const { t } = useTranslation('feed');
  const [change, { isLoading: busy }] = useChangeConnectionMutation({ fixedCacheKey: `connection:${targetUserId}` });
  const [check, checked] = useLazyConnectionStatusQuery();

  const act = useCallback(
    async (action: ConnectionAction) => {
      try {
        await change({ targetUserId, action }).unwrap();
      } catch (failure) {
        if (isCanceledError(failure)) return;
        const { message, status } = failure as Partial<ApiErrorPayload>;
        const title = t(`connection.errors.${action}`);
        // The call's own fallback is the English of the same title: only the server's own words add anything.
        const own = message && message !== title && message !== CONNECTION_ERRORS[action] ? message : undefined;
        toast.error(title, { description: own });
        // A conflict means the other person changed things meanwhile: show what is true now.
        if (status === 409) void check(targetUserId);
      }
    },
    [change, check, targetUserId, t],
  );

  return {
    act,
    busy,
    checking: checked.isFetching,
    checkFailed: checked.isError && !checked.isFetching,
    recheck: () => void check(targetUserId),
  };
}
