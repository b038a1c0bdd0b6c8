/** Debounced user-name availability check for the signup form (product.md § Accounts, valid true = available). */
import { useEffect, useState } from 'react';
import { isUserNameAvailable } from './auth-requests';
import { userNameError } from './form-rules';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

export function useUsernameAvailability(userName: string, delayMs = 400): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    if (userNameError(userName)) {
      setState('idle');
      return;
    }
    setState('checking');
    const controller = new AbortController();
    const check = async () => {
      try {
        setState((await isUserNameAvailable(userName, controller.signal)) ? 'available' : 'taken');
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
