/**
 * Settings → Security → Passkeys: the account's passkeys, adding one (the password, then the browser's
 * WebAuthn prompt) and removing them.
 */
import type { Passkey } from '@plaza/contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/locale';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { Field, PasswordField } from '../../components/Field';
import { failureMessage } from './failure';
import { useDeletePasskeyMutation, usePasskeyRegisterOptionsMutation, usePasskeysQuery, useRegisterPasskeyMutation } from './security-api';

/** What the server said about the password field, if that is why it refused. */
const passwordComplaint = (failure: unknown) =>
  (failure as { details?: Array<{ path: string; message: string }> } | null)?.details?.find((d) => d.path === 'password')?.message;

export function PasskeySettings() {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.passkeys' });
  const { data: passkeys = [] } = usePasskeysQuery();
  return (
    <section className="card p-6" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('text')}</p>
      {passkeys.length > 0 && <PasskeyList passkeys={passkeys} />}
      <AddPasskeyForm />
    </section>
  );
}

/** One's passkeys, each with when it was added and last used, and a button to remove it. */
function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.passkeys' });
  // In the shown language's locale; a render follows each change of language.
  const dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  const [remove] = useDeletePasskeyMutation();

  const removeOne = async (id: string) => {
    await remove(id)
      .unwrap()
      .then(() => toast.success(t('removedToast')))
      .catch((failure: unknown) => toast.error(failureMessage(failure, t('removeFailed'))));
  };

  return (
    <ul className="mb-4 divide-y divide-slate-200 dark:divide-slate-700" aria-label={t('list')}>
      {passkeys.map((p) => (
        <li key={p._id} className="flex items-center justify-between gap-3 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <KeyRound className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="truncate font-medium">{p.name}</p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('added', { date: dateFormat.format(new Date(p.createdAt)) })}
                {p.lastUsedAt ? t('lastUsed', { date: dateFormat.format(new Date(p.lastUsedAt)) }) : t('neverUsed')}
              </p>
            </div>
          </div>
          <Button variant="ghost" size="sm" aria-label={t('removeNamed', { name: p.name })} onClick={() => void removeOne(p._id)}>
            <Trash2 className="h-4 w-4" /> <span className="hidden sm:inline">{t('remove')}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Adds a passkey: a name for it and one's password, then the browser's own prompt. */
function AddPasskeyForm() {
  const { t } = useTranslation('preferences', { keyPrefix: 'security.passkeys' });
  const [getOptions] = usePasskeyRegisterOptionsMutation();
  const [register] = useRegisterPasskeyMutation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [adding, setAdding] = useState(false);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setAdding(true);
    setPasswordError(undefined);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await getOptions({ password }).unwrap();
      const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      await register({ name: name.trim() || t('defaultName'), response }).unwrap();
      setName('');
      setPassword('');
      toast.success(t('addedToast'));
    } catch (failure) {
      const wrongPassword = passwordComplaint(failure);
      if (wrongPassword) setPasswordError(wrongPassword);
      else if (!(failure instanceof Error && failure.name === 'NotAllowedError')) toast.error(failureMessage(failure, t('addFailed')));
    } finally {
      setAdding(false);
    }
  };

  return (
    <form onSubmit={(e) => void add(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Field label={t('name')} placeholder={t('namePlaceholder')} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="flex-1">
        <PasswordField
          label={t('password')}
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="submit" loading={adding} className="sm:mt-7">
        {t('add')}
      </Button>
    </form>
  );
}
