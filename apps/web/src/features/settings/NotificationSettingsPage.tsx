/**
 * Settings → Notifications: push on this device, then what the person hears of and where (per kind: in the app,
 * pushed, in the daily mail), hidden previews, quiet hours and the daily digest. Every change is saved at once.
 */
import { NOTIFICATION_KINDS, type NotificationPreferences } from '@plaza/contract';
import './preferences-catalog';
import { toast } from '../../lib/toast';
import { ErrorBanner } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { failureMessage } from './failure';
import { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from './notification-api';
import { PushDeviceSettings } from './PushDeviceSettings';
import { useTranslation } from 'react-i18next';

const CHANNELS = ['inApp', 'push', 'email'] as const;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const box = 'h-5 w-5 accent-brand-primary';
const timeInput =
  'rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export default function NotificationSettingsPage() {
  const { t } = useTranslation('preferences');
  const { data: prefs, isError, refetch } = useNotificationPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveNotificationPreferencesMutation();

  const change = async (next: NotificationPreferences) => {
    // Quiet hours count on this browser's clock: its zone travels with every change.
    await save({ ...next, timeZone: browserZone() })
      .unwrap()
      .catch((failure: unknown) => toast.error(failureMessage(failure, t('saveFailed'))));
  };

  return (
    <div className="space-y-6">
      <PushDeviceSettings />
      {isError && <ErrorBanner message={t('loadFailed')} onRetry={() => void refetch()} />}
      {!prefs && !isError && (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      )}
      {prefs && (
        <>
          <KindsTable prefs={prefs} saving={saving} change={change} />
          <PushOptions prefs={prefs} change={change} />
          <DigestOption prefs={prefs} change={change} />
        </>
      )}
    </div>
  );
}

interface SectionProps {
  prefs: NotificationPreferences;
  /** Saves the preferences as changed, at once. */
  change: (next: NotificationPreferences) => Promise<void>;
}

/** Per kind of notification, whether it shows in the app, is pushed, and goes in the daily mail. */
function KindsTable({ prefs, saving, change }: SectionProps & { saving: boolean }) {
  const { t } = useTranslation('preferences');
  return (
    <section className="card p-6" aria-labelledby="kinds-title" aria-busy={saving || undefined}>
      <h2 id="kinds-title" className="text-lg font-semibold">
        {t('kinds.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('kinds.text')}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-start text-slate-600 dark:text-slate-300">
            <th scope="col" className="py-2 font-semibold">
              {t('kinds.kind')}
            </th>
            {CHANNELS.map((c) => (
              <th key={c} scope="col" className="w-16 py-2 text-center font-semibold sm:w-24">
                {t(`channels.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {NOTIFICATION_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="py-3 text-start font-medium">
                {t(`kinds.${kind}`)}
              </th>
              {CHANNELS.map((c) => (
                <td key={c} className="py-3 text-center">
                  <input
                    type="checkbox"
                    className={box}
                    aria-label={t('kinds.box', { kind: t(`kinds.${kind}`), channel: t(`channels.${c}`) })}
                    checked={prefs.kinds[kind][c]}
                    onChange={(e) =>
                      void change({
                        ...prefs,
                        kinds: { ...prefs.kinds, [kind]: { ...prefs.kinds[kind], [c]: e.target.checked } },
                      })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Hidden previews, pushes while the app is open, and quiet hours. */
function PushOptions({ prefs, change }: SectionProps) {
  const { t } = useTranslation('preferences');
  return (
    <section className="card space-y-4 p-6" aria-labelledby="push-options-title">
      <h2 id="push-options-title" className="text-lg font-semibold">
        {t('options.title')}
      </h2>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className={`${box} mt-0.5`}
          checked={prefs.hidePreviews}
          onChange={(e) => void change({ ...prefs, hidePreviews: e.target.checked })}
        />
        <span>
          <span className="block font-medium">{t('options.hidePreviews')}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-300">{t('options.hidePreviewsText')}</span>
        </span>
      </label>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className={`${box} mt-0.5`}
          checked={prefs.pushWhileActive}
          onChange={(e) => void change({ ...prefs, pushWhileActive: e.target.checked })}
        />
        <span>
          <span className="block font-medium">{t('options.whileActive')}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-300">{t('options.whileActiveText')}</span>
        </span>
      </label>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className={`${box} mt-0.5`}
            checked={prefs.quietHours !== null}
            onChange={(e) => void change({ ...prefs, quietHours: e.target.checked ? { start: '22:00', end: '07:00' } : null })}
          />
          <span>
            <span className="block font-medium">{t('options.quiet')}</span>
            <span className="block text-sm text-slate-600 dark:text-slate-300">{t('options.quietText', { zone: prefs.timeZone })}</span>
          </span>
        </label>
        {prefs.quietHours && (
          <div className="mt-3 flex flex-wrap items-center gap-3 ps-8 text-sm">
            <label className="flex items-center gap-2">
              {t('options.from')}
              <input
                type="time"
                className={timeInput}
                value={prefs.quietHours.start}
                onChange={(e) => e.target.value && void change({ ...prefs, quietHours: { ...prefs.quietHours!, start: e.target.value } })}
              />
            </label>
            <label className="flex items-center gap-2">
              {t('options.to')}
              <input
                type="time"
                className={timeInput}
                value={prefs.quietHours.end}
                onChange={(e) => e.target.value && void change({ ...prefs, quietHours: { ...prefs.quietHours!, end: e.target.value } })}
              />
            </label>
          </div>
        )}
      </div>
    </section>
  );
}

function DigestOption({ prefs, change }: SectionProps) {
  const { t } = useTranslation('preferences');
  return (
    <section className="card p-6" aria-labelledby="digest-title">
      <h2 id="digest-title" className="text-lg font-semibold">
        {t('digest.title')}
      </h2>
      <label className="mt-2 flex items-start gap-3">
        <input
          type="checkbox"
          className={`${box} mt-0.5`}
          checked={prefs.digest === 'daily'}
          onChange={(e) => void change({ ...prefs, digest: e.target.checked ? 'daily' : 'off' })}
        />
        <span>
          <span className="block font-medium">{t('digest.daily')}</span>
          <span className="block text-sm text-slate-600 dark:text-slate-300">{t('digest.dailyText')}</span>
        </span>
      </label>
    </section>
  );
}
