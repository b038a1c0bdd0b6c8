/**
 * The few words that components shared by the public screens and the signed-in app show (a retry button,
 * a spinner's name, the password eye, the sentences for the server's error codes). They cannot go through
 * i18next, which does not fit the login page's budget, nor through the public screens' translator, whose
 * English would then weigh on the feed: one small `words` catalog, English bundled here, the shown
 * language's fetched by whichever side shows it (i18n/setup.ts, features/auth/auth-texts.tsx).
 */
import english from '../i18n/locales/en/words.json';

export type UiWord = keyof typeof english;
type Words = Partial<Record<UiWord, string>>;

const others = import.meta.glob<{ default: Words }>(['../i18n/locales/*/words.json', '!../i18n/locales/en/words.json']);
let shown: Words = {};

/** The word in the language shown, English where that language's catalog lacks it. */
export const uiWord = (key: UiWord): string => shown[key] ?? english[key];

/** Fetches and shows the words of `language`; English (or a catalog that fails to load) shows English. */
export async function showUiWordsIn(language: string): Promise<void> {
  const load = others[`../i18n/locales/${language}/words.json`];
  shown = load
    ? await load().then(
        (m) => m.default,
        () => ({}),
      )
    : {};
}
