/**
 * English of a screen the feed does not show (chat, …): it comes with that screen's chunk instead of the
 * first load, which keeps the feed's JS budget. The other languages' catalogs of the same namespace are
 * fetched with the rest of the language's (catalogs.ts), and the pseudo-locale is made from this English.
 */
import i18next from 'i18next';
import { PSEUDO } from './languages';
import { pseudoCatalog, type Catalog } from './pseudo';

export function addEnglish(namespace: string, catalog: Catalog): void {
  i18next.addResourceBundle('en', namespace, catalog, true, true);
  if (i18next.hasResourceBundle(PSEUDO, 'common')) i18next.addResourceBundle(PSEUDO, namespace, pseudoCatalog(catalog), true, true);
}
