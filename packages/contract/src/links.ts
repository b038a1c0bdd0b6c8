/**
 * Which link of a text gets a preview card: the first http(s) link, found by the same rules the web app uses to
 * render links (apps/web/src/lib/linkify.ts), so the composer asks for the card the server will make.
 */
import { LINK_PREVIEW_LIMITS } from './constants';

const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"\])}>]+$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops sentence punctuation after a link, keeping a closing bracket the link itself opened. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    if (!TRAILING.test(url)) return url;
    const last = url[url.length - 1];
    const opener = { ')': '(', ']': '[', '}': '{' }[last as ')' | ']' | '}'];
    if (opener && count(url, opener) >= count(url, last)) return url;
    url = url.slice(0, -1);
  }
}

/** The text's first http(s) link as written, or null; a link longer than LINK_PREVIEW_LIMITS.urlMax gets no card. */
export function firstLinkOf(text: string): string | null {
  for (const match of text.matchAll(CANDIDATE)) {
    const url = trimTrailing(match[0]);
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
    } catch {
      continue;
    }
    return url.length <= LINK_PREVIEW_LIMITS.urlMax ? url : null;
  }
  return null;
}

/** The text cut into plain runs and http(s) links, found by the rules above (a federated post's HTML links them). */
export function linkSegments(text: string): Array<{ text: string; link: boolean }> {
  const out: Array<{ text: string; link: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const url = trimTrailing(match[0]);
    if (match.index > at) out.push({ text: text.slice(at, match.index), link: false });
    out.push({ text: url, link: true });
    at = match.index + url.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), link: false });
  return out;
}
