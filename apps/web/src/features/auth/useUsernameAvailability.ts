/** Debounced user-name availability check for the signup form (SPEC §7, valid true = available). */
import { operations, userNameSchema, type OperationBody, type OperationResponse } from '@plaza/contract';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { operationPath } from '../../api/operation';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';
export const USERNAME_CHECK_ERROR = 'An error occurred while checking username.';

export function useUsernameAvailability(userName: string, delayMs = 400): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    if (!userNameSchema.safeParse(userName).success) {
      setState('idle');
      return;
    }
    setState('checking');
    const controller = new AbortController();
    const check = async () => {
      try {
        const body: OperationBody<typeof operations.checkUserNameAvailable> = { sendUsername: userName };
        const { data } = await api.post<OperationResponse<typeof operations.checkUserNameAvailable>>(
          operationPath(operations.checkUserNameAvailable),
          body,
          { signal: controller.signal },
        );
        setState(data.valid ? 'available' : 'taken');
      } catch {
        if (!controller.signal.aborted) setState('error');
      }
    };
    const timer = setTimeout(() => void check(), delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [userName, delayMs]);
  return state;
}
