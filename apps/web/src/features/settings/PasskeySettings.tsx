/**
 * Settings → Security → Passkeys: the account's passkeys, adding one (the password, then the browser's
 * WebAuthn prompt) and removing them.
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/Button';
import { Field, PasswordField } from '../../components/Field';
import { failureMessage } from './failure';
import { useDeletePasskeyMutation, usePasskeyRegisterOptionsMutation, usePasskeysQuery, useRegisterPasskeyMutation } from './security-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What the server said about the password field, if that is why it refused. */
const passwordComplaint = (failure: unknown) =>
  (failure as { details?: Array<{ path: string; message: string }> } | null)?.details?.find((d) => d.path === 'password')?.message;

export function PasskeySettings() {
  const { data: passkeys = [] } = usePasskeysQuery();
  const [getOptions] = usePasskeyRegisterOptionsMutation();
  const [register] = useRegisterPasskeyMutation();
  const [remove] = useDeletePasskeyMutation();
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
      await register({ name: name.trim() || 'Passkey', response }).unwrap();
      setName('');
      setPassword('');
      toast.success('Passkey added.');
    } catch (failure) {
      const wrongPassword = passwordComplaint(failure);
      if (wrongPassword) setPasswordError(wrongPassword);
      else if (!(failure instanceof Error && failure.name === 'NotAllowedError'))
        toast.error(failureMessage(failure, 'The passkey could not be added.'));
    } finally {
      setAdding(false);
    }
  };

  const removeOne = async (id: string) => {
    await remove(id)
      .unwrap()
      .then(() => toast.success('Passkey removed.'))
      .catch((failure: unknown) => toast.error(failureMessage(failure, 'The passkey could not be removed.')));
  };

  return (
    <section className="card p-6" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">
        Sign in with your fingerprint, face or device PIN instead of your password. A passkey needs no code from an app.
      </p>
      {passkeys.length > 0 && (
        <ul className="mb-4 divide-y divide-slate-200 dark:divide-slate-700" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p._id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <KeyRound className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="truncate font-medium">{p.name}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    Added {dateFormat.format(new Date(p.createdAt))}
                    {p.lastUsedAt ? ` · last used ${dateFormat.format(new Date(p.lastUsedAt))}` : ' · never used'}
                  </p>
                </div>
              </div>
              <Button variant="ghost" size="sm" aria-label={`Remove ${p.name}`} onClick={() => void removeOne(p._id)}>
                <Trash2 className="h-4 w-4" /> <span className="hidden sm:inline">Remove</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field
            label="Name of the new passkey"
            placeholder="e.g. My laptop"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex-1">
          <PasswordField
            label="Your password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" loading={adding} className="sm:mt-7">
          Add a passkey
        </Button>
      </form>
    </section>
  );
}
