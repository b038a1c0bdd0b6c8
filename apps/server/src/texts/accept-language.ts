/** The language a request asks for in `Accept-Language`, among those Plaza is written in (RFC 9110 §12.5.4). */
import { LANGUAGES, type Language } from '@plaza/contract';

const written: ReadonlySet<string> = new Set(LANGUAGES);

/** The best-weighted language of the header that Plaza is written in (`es-MX` reads as `es`), else English. */
export function acceptedLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.weight > 0 && written.has(r.base))
    // Equal weights keep the header's order: the first named is the first wanted.
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return (ranges[0]?.base as Language | undefined) ?? 'en';
}
