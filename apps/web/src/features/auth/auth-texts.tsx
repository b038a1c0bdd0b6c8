/**
 * The public screens' translator (docs/decisions/languages.md): a few lines over one flat `auth` catalog
 * per language, because i18next does not fit in the login page's JS budget. English is bundled; Spanish or
 * Arabic is fetched as one small chunk before the first render. `{{name}}` placeholders, no plurals.
 */
import { Fragment, type ReactNode } from 'react';
import { directionOf, PSEUDO, type ShownLanguage } from '../../i18n/languages';
import english from '../../i18n/locales/en/auth.json';
import { pseudoCatalog } from '../../i18n/pseudo';
import { authShown, showAuthIn, type AuthCatalog } from './auth-language';
import { showUiWordsIn } from '../../lib/ui-words';

export type AuthKey = keyof typeof english;

const others = import.meta.glob<{ default: AuthCatalog }>(['../../i18n/locales/*/auth.json', '!../../i18n/locales/en/auth.json']);
let pseudo: AuthCatalog | undefined;

/**
 * The public shell's start: fetches the language's catalog and sets `<html lang dir>` as the signed-in app
 * does. A chunk that fails to load leaves the screens in English rather than blank.
 */
export async function loadAuthTexts(language: ShownLanguage): Promise<void> {
  const load = others[`../../i18n/locales/${language}/auth.json`];
  const [texts] = await Promise.all([
    load
      ? load().then(
          (m) => m.default,
          () => null,
        )
      : undefined,
    showUiWordsIn(language),
  ]);
  if (texts === null) return;
  showAuthIn(language, texts);
  document.documentElement.lang = language === PSEUDO ? 'en' : language;
  document.documentElement.dir = directionOf(language);
}

function raw(key: AuthKey): string {
  if (authShown.language === PSEUDO) return (pseudo ??= pseudoCatalog(english) as AuthCatalog)[key];
  return authShown.texts[key] ?? english[key];
}

/** The text of `key` in the shown language, its `{{name}}` placeholders filled. */
export function ta(key: AuthKey, values: Record<string, string | number> = {}): string {
  return raw(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A text with elements in it (a link, an address): each `{{name}}` becomes `nodes[name]`. */
export function taNodes(key: AuthKey, nodes: Record<string, ReactNode>): ReactNode {
  return raw(key)
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => <Fragment key={i}>{i % 2 ? nodes[part] : part}</Fragment>);
}
