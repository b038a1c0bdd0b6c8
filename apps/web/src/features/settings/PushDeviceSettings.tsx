/**
 * Settings → Notifications → Push on this device. Turning it on is the only thing that asks the browser's
 * permission; a browser that refused, or cannot push at all, is explained instead of offering a dead switch.
 */
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast';
import { pushState, subscribe, unsubscribe, type PushState } from '../../lib/web-push';
import { failureMessage } from './failure';
import { useAddPushSubscriptionMutation, usePushPublicKeyMutation, useRemovePushSubscriptionMutation } from './notification-api';
import { useTranslation } from 'react-i18next';

/** Why push cannot be turned on here; the switch is left out then. */
const EXPLAINED: Partial<Record<PushState, string>> = {
  unsupported: 'push.unsupported',
  denied: 'push.denied',
};

export function PushDeviceSettings() {
  const { t } = useTranslation('preferences');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [publicKey] = usePushPublicKeyMutation();
  const [add] = useAddPushSubscriptionMutation();
  const [remove] = useRemovePushSubscriptionMutation();

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  async function turnOn() {
    const key = await publicKey().unwrap();
    const sub = await subscribe(key);
    if (!sub?.endpoint || !sub.keys?.p256dh || !sub.keys.auth) {
      setState(await pushState());
      if (Notification.permission !== 'granted') toast.error(t('push.notAllowed'));
      return;
    }
    await add({ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth } }).unwrap();
    setState('on');
    toast.success(t('push.on'));
  }

  async function turnOff() {
    const endpoint = await unsubscribe();
    // The server forgets it too; one it never had is no failure.
    if (endpoint) await remove({ endpoint }).catch(() => undefined);
    setState('off');
  }

  async function toggle() {
    setBusy(true);
    try {
      await (state === 'on' ? turnOff() : turnOn());
    } catch (failure) {
      toast.error(failureMessage(failure, t('push.failed')));
      setState(await pushState());
    } finally {
      setBusy(false);
    }
  }

  const explained = state ? EXPLAINED[state] : undefined;
  return (
    <section className="card p-6" aria-labelledby="push-title">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 gap-3">
          <BellRing className="mt-1 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
          <div>
            <h2 id="push-title" className="text-lg font-semibold">
              {t('push.title')}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('push.text')}</p>
          </div>
        </div>
        {state && !explained && (
          <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              role="switch"
              className="h-5 w-5 accent-brand-primary"
              checked={state === 'on'}
              disabled={busy}
              aria-busy={busy || undefined}
              onChange={() => void toggle()}
            />
            <span>{state === 'on' ? t('push.switchOn') : t('push.switchOff')}</span>
          </label>
        )}
      </div>
      {explained && (
        <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
          {t(explained)}
        </p>
      )}
    </section>
  );
}
