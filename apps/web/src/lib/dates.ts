/** Every date and time the web app shows, formatted in one place with `Intl`. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const weekdayShort = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const dayHeading = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
// `numeric` hours: "1:04 AM", not "01:04 AM" (24-hour locales still read "01:04").
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const monthAndYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const spelledOut = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const parse = (iso: string): number => new Date(iso).getTime();
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const dateOf = (then: number, now: number) =>
  (new Date(then).getFullYear() === new Date(now).getFullYear() ? shortDate : shortDateWithYear).format(then);

/** Compact ages for cards, comments and notifications: "now", "5m", "3h", "2d", then "Mar 3" (or "Mar 3, 2025"). */
export function compactAge(iso: string, now: number = Date.now()): string {
  const then = parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  return dateOf(then, now);
}

/** Spelled-out ages for short-lived things such as stories: "just now", "3 minutes ago", "yesterday". */
export function spelledAge(iso: string, now: number = Date.now()): string {
  const elapsed = now - parse(iso);
  if (elapsed >= DAY) return spelledOut.format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return spelledOut.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return spelledOut.format(-Math.floor(elapsed / MINUTE), 'minute');
  return 'just now';
}

/** The exact moment, for a tooltip beside a compact age. */
export function exactTime(iso: string): string {
  const then = parse(iso);
  return Number.isNaN(then) ? '' : full.format(then);
}

/** A date and time in full sentences, e.g. "Nov 29, 2026, 1:04 AM". */
export const dateAndTime = (iso: string): string => moment.format(parse(iso));

/** "November 2026": when someone joined. */
export const monthYear = (date: Date): string => monthAndYear.format(date);

/** A message's time: hour and minute. */
export const clockTime = (iso: string): string => clock.format(parse(iso));

/** The heading above a day's messages, e.g. "Monday, November 23". */
export const dayHeadingOf = (date: Date): string => dayHeading.format(date);

/** A conversation row's last-message time: the time today, the weekday this week, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (sameDay(then, now)) return clockTime(iso);
  if (now.getTime() - then.getTime() < 6 * DAY) return weekdayShort.format(then);
  return dateOf(then.getTime(), now.getTime());
}
