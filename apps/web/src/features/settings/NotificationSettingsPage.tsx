/**
 * Settings → Notifications: push on this device, then what the person hears of and where (per kind: in the app,
 * pushed, in the daily mail), hidden previews, quiet hours and the daily digest. Every change is saved at once.
 */
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPreferences } from '@plaza/contract';
import { toast } from '../../lib/toast';
import { ErrorBanner } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { failureMessage } from './failure';
import { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } from './notification-api';
import { PushDeviceSettings } from './PushDeviceSettings';

const KIND_LABELS: Record<NotificationKind, string> = {
  messages: 'Messages',
  requests: 'Friend requests',
  comments: 'Comments',
  reactions: 'Reactions',
  mentions: 'Mentions',
};
const CHANNELS = [
  { key: 'inApp', label: 'In app' },
  { key: 'push', label: 'Push' },
  { key: 'email', label: 'Email' },
] as const;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const box = 'h-5 w-5 accent-brand-primary';
const timeInput =
  'rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export default function NotificationSettingsPage() {
  const { data: prefs, isError, refetch } = useNotificationPreferencesQuery();
  const [save, { isLoading: saving }] = useSaveNotificationPreferencesMutation();

  const change = async (next: NotificationPreferences) => {
    // Quiet hours count on this browser's clock: its zone travels with every change.
    await save({ ...next, timeZone: browserZone() })
      .unwrap()
      .catch((failure: unknown) => toast.error(failureMessage(failure, 'Your notification settings could not be saved.')));
  };

  return (
    <div className="space-y-6">
      <PushDeviceSettings />
      {isError && <ErrorBanner message="Your notification settings could not be loaded." onRetry={() => void refetch()} />}
      {!prefs && !isError && (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      )}
      {prefs && (
        <>
          <section className="card p-6" aria-labelledby="kinds-title" aria-busy={saving || undefined}>
            <h2 id="kinds-title" className="text-lg font-semibold">
              What you hear about
            </h2>
            <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
              Email means the daily digest below. Notices from the moderators always reach you.
            </p>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-start text-slate-600 dark:text-slate-300">
                  <th scope="col" className="py-2 font-semibold">
                    Kind
                  </th>
                  {CHANNELS.map((c) => (
                    <th key={c.key} scope="col" className="w-16 py-2 text-center font-semibold sm:w-24">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {NOTIFICATION_KINDS.map((kind) => (
                  <tr key={kind}>
                    <th scope="row" className="py-3 text-start font-medium">
                      {KIND_LABELS[kind]}
                    </th>
                    {CHANNELS.map((c) => (
                      <td key={c.key} className="py-3 text-center">
                        <input
                          type="checkbox"
                          className={box}
                          aria-label={`${KIND_LABELS[kind]}: ${c.label}`}
                          checked={prefs.kinds[kind][c.key]}
                          onChange={(e) =>
                            void change({
                              ...prefs,
                              kinds: { ...prefs.kinds, [kind]: { ...prefs.kinds[kind], [c.key]: e.target.checked } },
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

          <section className="card space-y-4 p-6" aria-labelledby="push-options-title">
            <h2 id="push-options-title" className="text-lg font-semibold">
              Push options
            </h2>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                className={`${box} mt-0.5`}
                checked={prefs.hidePreviews}
                onChange={(e) => void change({ ...prefs, hidePreviews: e.target.checked })}
              />
              <span>
                <span className="block font-medium">Hide previews</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">Say who wrote, not what they wrote.</span>
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
                <span className="block font-medium">Push even while Plaza is open</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">Otherwise pushes wait until no Plaza tab is open.</span>
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
                  <span className="block font-medium">Quiet hours</span>
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    Nothing is pushed between these times ({prefs.timeZone}).
                  </span>
                </span>
              </label>
              {prefs.quietHours && (
                <div className="mt-3 flex flex-wrap items-center gap-3 ps-8 text-sm">
                  <label className="flex items-center gap-2">
                    From
                    <input
                      type="time"
                      className={timeInput}
                      value={prefs.quietHours.start}
                      onChange={(e) =>
                        e.target.value && void change({ ...prefs, quietHours: { ...prefs.quietHours!, start: e.target.value } })
                      }
                    />
                  </label>
                  <label className="flex items-center gap-2">
                    to
                    <input
                      type="time"
                      className={timeInput}
                      value={prefs.quietHours.end}
                      onChange={(e) =>
                        e.target.value && void change({ ...prefs, quietHours: { ...prefs.quietHours!, end: e.target.value } })
                      }
                    />
                  </label>
                </div>
              )}
            </div>
          </section>

          <section className="card p-6" aria-labelledby="digest-title">
            <h2 id="digest-title" className="text-lg font-semibold">
              Email digest
            </h2>
            <label className="mt-2 flex items-start gap-3">
              <input
                type="checkbox"
                className={`${box} mt-0.5`}
                checked={prefs.digest === 'daily'}
                onChange={(e) => void change({ ...prefs, digest: e.target.checked ? 'daily' : 'off' })}
              />
              <span>
                <span className="block font-medium">Send me a daily email of what I missed</span>
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  Unread notifications of the kinds with Email ticked, and how many messages wait.
                </span>
              </span>
            </label>
          </section>
        </>
      )}
    </div>
  );
}
