/**
 * The catalogs, one JSON file per language and namespace. English is the source and the fallback and is
 * bundled (a few kilobytes, and the language most read); Spanish's and Arabic's are chunks of their own,
 * and only the active language's are fetched.
 */
import type { Language } from '@plaza/contract';
import enCommon from './locales/en/common.json';
import enFeed from './locales/en/feed.json';
import enSettings from './locales/en/settings.json';
import type { Catalog } from './pseudo';

export const NAMESPACES = ['common', 'feed', 'settings'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const ENGLISH: Record<Namespace, Catalog> = { common: enCommon, feed: enFeed, settings: enSettings };

const fetched = import.meta.glob<{ default: Catalog }>(['./locales/*/*.json', '!./locales/en/*.json']);

/** The namespaces' catalogs of a language other than English, fetched on demand. */
export async function loadCatalogs(language: Exclude<Language, 'en'>): Promise<Record<Namespace, Catalog>> {
  const loaded = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = fetched[`./locales/${language}/${ns}.json`];
      return [ns, load ? (await load()).default : {}] as const;
    }),
  );
  return Object.fromEntries(loaded) as Record<Namespace, Catalog>;
}
