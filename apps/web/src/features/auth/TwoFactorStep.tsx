/** The log-in's second step: a six-digit code from the authenticator app, or one of the recovery codes. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { requestLoginTwoFactor } from './auth-requests';
import { ta } from './auth-texts';
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
      setError(ta(recovery ? 'enterRecoveryCode' : 'enterAppCode'));
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
    setError(result.ok ? ta('loginFailed') : (result.failure.details?.[0]?.message ?? result.failure.message));
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-2" aria-label={ta('twoFactorTitle')}>
      {error && <ErrorBanner message={error} />}
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{ta(recovery ? 'recoveryIntro' : 'appIntro')}</p>
      {recovery ? (
        <Field
          key="recovery"
          label={ta('recoveryCodeLabel')}
          autoComplete="off"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <Field
          key="code"
          label={ta('appCodeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <Button type="submit" loading={loading} className="w-full">
        {ta(loading ? 'checking' : 'verify')}
      </Button>
      <div className="flex justify-between pt-2 text-sm">
        <button type="button" onClick={switchMode} className="font-semibold text-brand-primary hover:underline dark:text-indigo-300">
          {ta(recovery ? 'useAppCode' : 'useRecoveryCode')}
        </button>
        <button type="button" onClick={onCancel} className="text-slate-600 hover:underline dark:text-slate-300">
          {ta('back')}
        </button>
      </div>
    </form>
  );
}
