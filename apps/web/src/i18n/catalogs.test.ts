/** Every catalog has every key of the English source, and every plural form its language's rules ask for. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES } from './languages';
import type { Catalog } from './pseudo';

const dir = path.join(import.meta.dirname, 'locales');
const read = (language: string, ns: string) => JSON.parse(readFileSync(path.join(dir, language, ns), 'utf8')) as Catalog;
const namespaces = readdirSync(path.join(dir, 'en')).sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Each text of a catalog by its dotted key. */
function texts(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}
const keysOf = (catalog: Catalog) => texts(catalog).map(([key]) => key);

/** English's keys, with each plural text in the forms Intl's plural rules name for the language. */
function expectedKeys(language: string, ns: string): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = keysOf(read('en', ns)).flatMap((key) => (PLURAL.test(key) ? forms.map((f) => key.replace(PLURAL, `_${f}`)) : [key]));
  return [...new Set(keys)].sort();
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])
    // A plural form may spell its number out ("two requests"): the count can go unsaid.
    .filter((name) => name !== 'count')
    .sort();

describe('catalogs', () => {
  for (const language of APP_LANGUAGES) {
    it(`${language} has every namespace, key and plural form`, () => {
      expect(readdirSync(path.join(dir, language)).sort()).toEqual(namespaces);
      for (const ns of namespaces) expect(keysOf(read(language, ns)).sort(), `${language}/${ns}`).toEqual(expectedKeys(language, ns));
    });

    it(`${language} keeps the placeholders of the English texts`, () => {
      for (const ns of namespaces) {
        const source = new Map(texts(read('en', ns)));
        for (const [key, text] of texts(read(language, ns))) {
          const english = source.get(key) ?? source.get(key.replace(PLURAL, '_other')) ?? '';
          expect(placeholders(text), `${language}/${ns} ${key}`).toEqual(placeholders(english));
        }
      }
    });
  }
});
