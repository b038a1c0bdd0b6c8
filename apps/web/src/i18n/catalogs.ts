/**
 * The catalogs, one JSON file per language and namespace. English is the source and the fallback and is
 * bundled (a few kilobytes, and the language most read); Spanish's and Arabic's are chunks of their own,
 * and only the active language's are fetched.
 */
import type { Language } from '@plaza/contract';
import enCommon from './locales/en/common.json';
import enFeed from './locales/en/feed.json';
import enPosts from './locales/en/posts.json';
import enSettings from './locales/en/settings.json';
import type { Catalog } from './pseudo';

export const NAMESPACES = ['common', 'feed', 'settings', 'posts'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const ENGLISH: Record<Namespace, Catalog> = { common: enCommon, feed: enFeed, settings: enSettings, posts: enPosts };

const fetched = import.meta.glob<{ default: Catalog }>(['./locales/*/*.json', '!./locales/en/*.json']);

/**
 * All the catalogs of a language other than English, fetched on demand: the bundled namespaces' and those of
 * screens whose English comes with the screen's own chunk (english-chunk.ts).
 */
export async function loadCatalogs(language: Exclude<Language, 'en'>): Promise<Record<string, Catalog>> {
  const prefix = `./locales/${language}/`;
  const loaded = await Promise.all(
    Object.entries(fetched)
      .filter(([file]) => file.startsWith(prefix))
      .map(async ([file, load]) => [file.slice(prefix.length, -'.json'.length), (await load()).default] as const),
  );
  return Object.fromEntries(loaded);
}
