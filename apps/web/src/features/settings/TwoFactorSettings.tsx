/** Settings → Security → Two-factor authentication: turn it on with an app (QR code, recovery codes shown once), or off. */
import { Copy, Download, ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { Field, PasswordField } from '../../components/Field';
import { failureMessage } from './failure';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useSetupTwoFactorMutation,
  useTwoFactorStatusQuery,
} from './security-api';

/** The first complaint about a field, or the message of a failure. */
function complaint(failure: unknown, fallback: string): string {
  const details = (failure as { details?: Array<{ message: string }> }).details;
  return details?.[0]?.message ?? failureMessage(failure, fallback);
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.twoFactor' });
  const text = codes.join('\n');
  const copy = () => void navigator.clipboard.writeText(text).then(() => toast.success(t('copied')));
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t('fileHeading')}\n\n${text}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'plaza-recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3" role="status">
      <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300">{t('nowOn')}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('saveCodes')}</p>
      <ul aria-label={t('codes')} className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 font-mono text-sm dark:bg-slate-800">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={copy}>
          <Copy className="h-4 w-4" /> {t('copy')}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <Download className="h-4 w-4" /> {t('download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('saved')}
        </Button>
      </div>
    </div>
  );
}

function SetupFlow({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.twoFactor' });
  const [setup, { data: pending, isLoading: starting }] = useSetupTwoFactorMutation();
  const [enable, { isLoading: enabling }] = useEnableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    await setup({ password })
      .unwrap()
      .catch((failure: unknown) => setError(complaint(failure, t('setupFailed'))));
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    await enable({ code })
      .unwrap()
      .then(setCodes)
      .catch((failure: unknown) => setError(complaint(failure, t('codeFailed'))));
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onCancel} />;
  if (!pending) {
    return (
      <form onSubmit={(e) => void start(e)} noValidate className="space-y-1">
        <PasswordField
          label={t('password')}
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={starting}>
            {t('continue')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={(e) => void confirm(e)} noValidate className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('scan')}</p>
      <AuthenticatorKey otpauthUrl={pending.otpauthUrl} secret={pending.secret} />
      <Field
        label={t('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" loading={enabling}>
          {t('turnOn')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The new secret for the authenticator app: as a QR code to scan, and as text to type. */
function AuthenticatorKey({ otpauthUrl, secret }: { otpauthUrl: string; secret: string }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.twoFactor' });
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    void QRCode.toDataURL(otpauthUrl, { margin: 1, width: 192 }).then(setQr);
  }, [otpauthUrl]);
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      {qr && <img src={qr} alt={t('qr')} width={192} height={192} className="rounded-lg bg-white p-2" />}
      <div className="min-w-0 text-sm">
        <p className="text-slate-500 dark:text-slate-400">{t('typeKey')}</p>
        <code data-testid="totp-secret" className="font-mono break-all">
          {secret}
        </code>
      </div>
    </div>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.twoFactor' });
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await disable({ password, code }).unwrap();
      toast.success(t('nowOff'));
      onDone();
    } catch (failure) {
      setError(complaint(failure, t('offFailed')));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-1">
      <PasswordField label={t('password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field label={t('codeOrRecovery')} autoComplete="off" value={code} error={error} onChange={(e) => setCode(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" variant="danger" loading={isLoading}>
          {t('turnOff')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSettings() {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.twoFactor' });
  const { data: status } = useTwoFactorStatusQuery();
  // Kept apart from `enabled`: the recovery codes stay on screen after enabling turns the status on.
  const [mode, setMode] = useState<'idle' | 'setup' | 'disable'>('idle');
  const enabled = status?.enabled ?? false;
  return (
    <section className="card p-6" aria-labelledby="two-factor-title">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="two-factor-title" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            {enabled ? t('status', { count: status?.recoveryCodesLeft ?? 0 }) : t('offText')}
          </p>
        </div>
        {enabled && <ShieldCheck className="h-6 w-6 text-emerald-600 dark:text-emerald-400" aria-label={t('on')} />}
      </div>
      {mode === 'setup' && <SetupFlow onCancel={() => setMode('idle')} />}
      {mode === 'disable' && <DisableForm onDone={() => setMode('idle')} />}
      {mode === 'idle' && (
        <Button variant={enabled ? 'secondary' : 'primary'} onClick={() => setMode(enabled ? 'disable' : 'setup')}>
          {enabled ? t('turnOff') : t('turnOn')}
        </Button>
      )}
    </section>
  );
}
