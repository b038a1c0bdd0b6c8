/**
 * The fallback error texts the API slices keep (product.md § Error texts), read in the shown language each
 * time one is used: a request made, a failure shown. Kept apart from error-text.ts, which the public
 * screens import without i18next.
 */
import i18next from 'i18next';

type Fallback = { readonly error: string; readonly message: string };

/** A request's fallback `{ error, message }`, both the catalog's text under `key` (namespace `common`). */
export function fallbackIn(key: string): Fallback {
  return {
    get error() {
      return i18next.t(key);
    },
    get message() {
      return i18next.t(key);
    },
  };
}

/** Named texts, each read from the catalog under its key when used. */
export function textsIn<K extends string>(keys: Record<K, string>): Readonly<Record<K, string>> {
  const texts = {} as Record<K, string>;
  for (const name of Object.keys(keys) as K[]) Object.defineProperty(texts, name, { enumerable: true, get: () => i18next.t(keys[name]) });
  return texts;
}
