/** The log-in's second step: a six-digit code from the authenticator app, or one of the recovery codes. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { requestLoginTwoFactor } from './auth-requests';
import type { LoginResponse } from './auth-types';

interface Props {
  challenge: string;
  onSignedIn: (response: LoginResponse) => void | Promise<void>;
  /** Back to the password (the challenge expired, or it was the wrong account). */
  onCancel: () => void;
}

export function TwoFactorStep({ challenge, onSignedIn, onCancel }: Props) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const entered = value.trim();
    if (!entered || loading) {
      setError(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your app.');
      return;
    }
    setLoading(true);
    setError(null);
    const result = await requestLoginTwoFactor(recovery ? { challenge, recoveryCode: entered } : { challenge, code: entered });
    if (result.ok && !('twoFactorRequired' in result.data)) {
      await onSignedIn(result.data);
      return;
    }
    setLoading(false);
    setError(result.ok ? 'Login failed' : (result.failure.details?.[0]?.message ?? result.failure.message));
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2" aria-label="Two-factor authentication">
      {error && <ErrorBanner message={error} />}
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Plaza.'}
      </p>
      {recovery ? (
        <Field key="recovery" label="Recovery code" autoComplete="off" autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
      ) : (
        <Field
          key="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <Button type="submit" loading={loading} className="w-full">
        {loading ? 'Checking…' : 'Verify'}
      </Button>
      <div className="flex justify-between pt-2 text-sm">
        <button type="button" onClick={switchMode} className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" onClick={onCancel} className="text-slate-600 hover:underline dark:text-slate-300">
          Back
        </button>
      </div>
    </form>
  );
}
