/** What the search benchmarks ask: a few kinds of query, and a mix of many different ones. */
import { FIRST, LAST } from './people';

/** The queries measured: what each exercises, and the query string. */
export const QUERIES = [
  { label: 'prefix, many matches', query: 'mar', note: 'user-name and full-name indexes fill the 20 at once' },
  { label: 'prefix of a surname', query: 'lindq', note: 'rest-of-name expression index' },
  { label: 'substring only', query: 'dqvi', note: 'no prefix hit: trigram candidates, all ranked, best 20 kept' },
  { label: 'no match at all', query: 'zzqx', note: 'three empty index ranges and an empty trigram lookup' },
];

/** Substrings of three to five letters taken from the names, so that most of them match somebody. */
export function manyQueries(count: number): string[] {
  const names = [...FIRST, ...LAST].map((n) => n.toLowerCase());
  return Array.from({ length: count }, (_, i) => {
    const name = names[(i * 7) % names.length];
    const len = 3 + (i % 3);
    const at = i % Math.max(1, name.length - len + 1);
    return name.slice(at, at + len);
  });
}
