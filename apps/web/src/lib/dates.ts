/** Every date and time the web app shows, formatted in one place with `Intl`. */
import i18next from 'i18next';
import { currentLocale, onLocaleChange } from '../i18n/locale';

const MINUTE = 60_000;

/** A formatter for the shown language's locale, built when first used and again after the language changes. */
function inLocale<T>(make: (locale: string) => T): () => T {
  let made: T | undefined;
  onLocaleChange(() => (made = undefined));
  return () => (made ??= make(currentLocale()));
}

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const shortDate = inLocale((locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }));
const shortDateWithYear = inLocale((locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }));
const weekdayShort = inLocale((locale) => new Intl.DateTimeFormat(locale, { weekday: 'short' }));
const dayHeading = inLocale((locale) => new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }));
// `numeric` hours: "1:04 AM", not "01:04 AM" (24-hour locales still read "01:04").
const clock = inLocale((locale) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }));
const moment = inLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
const full = inLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }));
const monthAndYear = inLocale((locale) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }));
const spelledOut = inLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const narrowNow = inLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'narrow' }).format(0, 'second'));
// Narrow units: "5m" in English, "5min" in Spanish, "5 د" in Arabic.
const narrowUnit = (unit: 'minute' | 'hour' | 'day') =>
  inLocale((locale) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }));
const minutes = narrowUnit('minute');
const hours = narrowUnit('hour');
const days = narrowUnit('day');

const parse = (iso: string): number => new Date(iso).getTime();
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
const dateOf = (then: number, now: number) =>
  (new Date(then).getFullYear() === new Date(now).getFullYear() ? shortDate : shortDateWithYear)().format(then);

/** Compact ages for cards, comments and notifications: "now", "5m", "3h", "2d", then "Mar 3" (or "Mar 3, 2025"), in the shown language. */
export function compactAge(iso: string, now: number = Date.now()): string {
  const then = parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return narrowNow();
  if (elapsed < HOUR) return minutes().format(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return hours().format(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return days().format(Math.floor(elapsed / DAY));
  return dateOf(then, now);
}

/** Spelled-out ages for short-lived things such as stories: "just now", "3 minutes ago", "yesterday". */
export function spelledAge(iso: string, now: number = Date.now()): string {
  const elapsed = now - parse(iso);
  if (elapsed >= DAY) return spelledOut().format(-Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return spelledOut().format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed >= MINUTE) return spelledOut().format(-Math.floor(elapsed / MINUTE), 'minute');
  // Intl's own word for zero seconds is "now"; "just now" reads better under a story.
  return i18next.t('time.justNow');
}

/** The exact moment, for a tooltip beside a compact age. */
export function exactTime(iso: string): string {
  const then = parse(iso);
  return Number.isNaN(then) ? '' : full().format(then);
}

/** A date and time in full sentences, e.g. "Nov 29, 2026, 1:04 AM". */
export const dateAndTime = (iso: string): string => moment().format(parse(iso));

/** "November 2026": when someone joined. */
export const monthYear = (date: Date): string => monthAndYear().format(date);

/** A message's time: hour and minute. */
export const clockTime = (iso: string): string => clock().format(parse(iso));

/** The heading above a day's messages, e.g. "Monday, November 23". */
export const dayHeadingOf = (date: Date): string => dayHeading().format(date);

/** A conversation row's last-message time: the time today, the weekday this week, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (sameDay(then, now)) return clockTime(iso);
  if (now.getTime() - then.getTime() < 6 * DAY) return weekdayShort().format(then);
  return dateOf(then.getTime(), now.getTime());
}
