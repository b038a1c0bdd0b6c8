/** The pseudo-locale: English with its letters accented and each text bracketed, placeholders left as they are. */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
};

function pseudoText(text: string): string {
  // `{{name}}` placeholders and `$t()` nestings must reach i18next untouched.
  const parts = text.split(/(\{\{[^}]*\}\}|\$t\([^)]*\))/);
  return `[${parts.map((part, i) => (i % 2 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c))).join('')}]`;
}

export type Catalog = { [key: string]: string | Catalog };

export function pseudoCatalog(catalog: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(catalog).map(([key, value]) => [key, typeof value === 'string' ? pseudoText(value) : pseudoCatalog(value)]),
  );
}
