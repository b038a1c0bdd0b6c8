/** The locale dates and numbers are formatted in (lib/dates.ts): the shown language's, English until one is set. */
type Listener = () => void;
let current = 'en';
const listeners = new Set<Listener>();

export const currentLocale = (): string => current;

export function setLocale(locale: string): void {
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

/** Formatters built for one locale are dropped when it changes. */
export function onLocaleChange(listener: Listener): void {
  listeners.add(listener);
}
