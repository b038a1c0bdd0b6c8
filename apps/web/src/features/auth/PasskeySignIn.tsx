/**
 * "Sign in with a passkey": the browser's WebAuthn prompt for a discoverable credential, no user name
 * needed. @simplewebauthn/browser loads on the click, so the first screen stays as light as it was.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { requestPasskeyLogin, requestPasskeyOptions } from './auth-requests';
import { ta } from './auth-texts';
import type { LoginResponse } from './auth-types';

interface Props {
  onSignedIn: (response: LoginResponse) => void | Promise<void>;
  onError: (message: string) => void;
}

export function PasskeySignIn({ onSignedIn, onError }: Props) {
  const [loading, setLoading] = useState(false);

  const signIn = async () => {
    setLoading(true);
    try {
      const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) throw new Error(ta('passkeyUnsupported'));
      const started = await requestPasskeyOptions();
      if (!started.ok) throw new Error(started.failure.message);
      const optionsJSON = started.data.options as unknown as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON });
      const result = await requestPasskeyLogin(response);
      if (!result.ok) throw new Error(result.failure.message);
      if ('twoFactorRequired' in result.data) throw new Error(ta('loginFailed'));
      await onSignedIn(result.data);
    } catch (err) {
      setLoading(false);
      // Closing the browser's prompt is a choice, not a failure worth a red banner.
      if (err instanceof Error && err.name === 'NotAllowedError') return;
      onError(err instanceof Error ? err.message : ta('passkeyFailed'));
    }
  };

  return (
    <Button type="button" variant="secondary" loading={loading} className="w-full" onClick={() => void signIn()}>
      {!loading && <KeyRound className="h-4 w-4" />} {ta('passkeySignIn')}
    </Button>
  );
}
