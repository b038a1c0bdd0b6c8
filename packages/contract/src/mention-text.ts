/**
 * How `@userName` mentions are read from the text of posts, comments and chat messages (product.md § Mentions).
 * The server stores what these functions find and the web app links exactly the same runs, so both live here,
 * without zod, beside the hashtag reader.
 */
import { LIMITS, MENTION_LIMITS } from './constants';

/** One `@name` in a text: where it starts (at the `@`) and ends, and the name in lower case (names ignore case). */
export interface MentionRun {
  start: number;
  end: number;
  name: string;
}

// Addresses are skipped whole, as the hashtag reader and the web app's links do, so `https://x.test/@ann` is a link.
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/giu;
// An `@` that starts a word: not after a letter, digit, `_`, `.` or `@` (`ann@mail.test` is an address), nor after `/`.
const CANDIDATE = /(^|[^\p{L}\p{M}\p{N}_.@/])@([A-Za-z0-9_.]+)/gu;

/** Every mention run of the text in order, repeats and all, beyond the per-text limit too. */
function allRuns(text: string): MentionRun[] {
  // Most texts name nobody: one look for an `@` spares them both scans (a chat send reads its text twice).
  if (!text.includes('@')) return [];
  const addresses = [...text.matchAll(ADDRESS)].map((m) => [m.index, m.index + m[0].length] as const);
  const inAddress = (at: number) => addresses.some(([from, to]) => at >= from && at < to);
  const runs: MentionRun[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index + (match[1] ?? '').length;
    const whole = match[2] ?? '';
    // A name never ends in a dot: the sentence does (`thanks @ann.`).
    const body = whole.replace(/\.+$/u, '');
    const after = text[start + 1 + whole.length];
    // `@ann@host` names someone elsewhere; a run that is too short or too long names nobody (never a shorter name).
    if (after === '@' || inAddress(start)) continue;
    if (body.length < LIMITS.userName.min || body.length > LIMITS.userName.max) continue;
    runs.push({ start, end: start + 1 + body.length, name: body.toLowerCase() });
  }
  return runs;
}

/** The distinct names a text mentions, lower case, in order of first use, at most `MENTION_LIMITS.perText`. */
export function mentionNamesOf(text: string): string[] {
  const names: string[] = [];
  for (const { name } of allRuns(text)) {
    if (names.length === MENTION_LIMITS.perText) break;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The mention runs that count: every occurrence of the first `MENTION_LIMITS.perText` distinct names. */
export function findMentions(text: string): MentionRun[] {
  const kept = new Set(mentionNamesOf(text));
  return allRuns(text).filter((run) => kept.has(run.name));
}
