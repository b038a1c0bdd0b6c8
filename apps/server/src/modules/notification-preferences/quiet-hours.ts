/** Whether a moment falls in a person's quiet hours, counted on the clock of their time zone. */
import type { NotificationPreferences } from '@plaza/contract';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since midnight at `at` in `timeZone`. */
export function clockMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Quiet from `start` (included) to `end` (excluded); a span that crosses midnight (22:00–07:00) wraps. Equal ends: never quiet. */
export function inQuietHours(prefs: Pick<NotificationPreferences, 'quietHours' | 'timeZone'>, at: Date): boolean {
  if (!prefs.quietHours) return false;
  const start = minutesOf(prefs.quietHours.start);
  const end = minutesOf(prefs.quietHours.end);
  const now = clockMinutes(at, prefs.timeZone);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
