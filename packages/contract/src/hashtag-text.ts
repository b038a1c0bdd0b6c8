/**
 * How `#tags` are read from the text of posts and comments (product.md § Hashtags). The server stores what
 * these functions find and the web app links exactly the same runs, so both live here, without zod.
 */
import { HASHTAG_LIMITS } from './constants';

/** One `#tag` in a text: where it starts (at the `#`) and ends, and its normalized form. */
export interface HashtagRun {
  start: number;
  end: number;
  tag: string;
}

// Addresses are skipped whole, so `https://host/page#part` never yields a tag. The same pattern finds
// links in the web app (apps/web/src/lib/linkify.ts), so a run is never both.
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/giu;
// A `#` that starts a word: not after a letter, digit or `_` (`C#`, `a#b`), nor after `#`, `&` (`&#38;`) or `/`.
const CANDIDATE = /(^|[^\p{L}\p{M}\p{N}_#&/])#([\p{L}\p{M}\p{N}_]+)/gu;
const WHOLE_TAG = /^[\p{L}\p{M}\p{N}_]+$/u;
const LETTER = /\p{L}/u;

/** The stored form: NFC, lower case (case-insensitive tags), NFC again since lowering may decompose. */
export function normalizeHashtag(raw: string): string {
  return raw.normalize('NFC').toLowerCase().normalize('NFC');
}

/** Whether a normalized string is a tag: tag characters only, at least one letter (`#2024` is not), not too long. */
export function isHashtag(tag: string): boolean {
  return WHOLE_TAG.test(tag) && LETTER.test(tag) && [...tag].length <= HASHTAG_LIMITS.maxLength;
}

/** Every tag run of the text in order, repeats and all, beyond the per-text limit too. */
function allRuns(text: string): HashtagRun[] {
  const addresses = [...text.matchAll(ADDRESS)].map((m) => [m.index, m.index + m[0].length] as const);
  const inAddress = (at: number) => addresses.some(([from, to]) => at >= from && at < to);
  const runs: HashtagRun[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index + (match[1] ?? '').length;
    const body = match[2] ?? '';
    const tag = normalizeHashtag(body);
    if (inAddress(start) || !isHashtag(tag)) continue;
    runs.push({ start, end: start + 1 + body.length, tag });
  }
  return runs;
}

/** The tag runs that count: every occurrence of the first `HASHTAG_LIMITS.perText` distinct tags. */
export function findHashtags(text: string): HashtagRun[] {
  const kept = new Set(hashtagsOf(text));
  return allRuns(text).filter((run) => kept.has(run.tag));
}

/** The distinct tags of a text, in order of first use, at most `HASHTAG_LIMITS.perText`. */
export function hashtagsOf(text: string): string[] {
  const tags: string[] = [];
  for (const { tag } of allRuns(text)) {
    if (tags.length === HASHTAG_LIMITS.perText) break;
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}
