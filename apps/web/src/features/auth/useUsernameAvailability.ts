/** Debounced user-name availability check for the signup form (SPEC §7, valid true = available). */
import { userNameSchema } from '@plaza/contract';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

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
        const { data } = await api.post<{ valid: boolean }>(
          '/users/get-username-available',
          { sendUsername: userName },
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
