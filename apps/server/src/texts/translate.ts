/**
 * What the server writes to a person (mails, pushes) in their language (`users.language`): one flat catalog
 * per language, English the source and the fallback for a key a catalog lacks. `{{name}}` placeholders;
 * a text with a `count` picks its plural form (`_one`, `_few`, `_other`…) by the language's Intl.PluralRules.
 */
import type { Language } from '@plaza/contract';
import { ar } from './ar';
import { en, type TextKey } from './en';
import { es } from './es';

export type Catalog = Readonly<Record<string, string>>;
export type Values = Record<string, string | number>;
export type Translate = (key: TextKey, values?: Values) => string;

export const CATALOGS: Record<Language, Catalog> = { en, es, ar };

/** The base key of a plural text: `push.messages_other` → `push.messages`. */
export const PLURAL = /_(zero|one|two|few|many|other)$/;

function pick(catalog: Catalog, language: string, key: string, count: unknown): string | undefined {
  if (typeof count !== 'number') return catalog[key];
  return catalog[`${key}_${new Intl.PluralRules(language).select(count)}`] ?? catalog[`${key}_other`];
}

export function translator(language: Language): Translate {
  const catalog = CATALOGS[language] ?? en;
  return (key, values = {}) => {
    const text = pick(catalog, language, key, values.count) ?? pick(en, 'en', key, values.count) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/**
 * What a catalog lacks of English's keys, each plural text in every form the language's rules name; the
 * catalogs' test holds every language to it, so a text cannot silently fall back to English.
 */
export function missingKeys(language: string, catalog: Catalog, source: Catalog = en): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const wanted = Object.keys(source).flatMap((key) => (PLURAL.test(key) ? forms.map((f) => key.replace(PLURAL, `_${f}`)) : [key]));
  return [...new Set(wanted)].filter((key) => !(key in catalog));
}
