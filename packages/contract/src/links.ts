/**
 * The http(s) links of a text, found by one set of rules for every side: the web app renders links by them
 * (apps/web/src/lib/linkify.ts), and the first one gets a preview card, so the composer asks for the card
 * the server will make.
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

/**
 * Each http(s) link candidate of the text, where it starts and as written, its sentence punctuation trimmed
 * off; not yet parsed as a URL. The web app renders links by these (apps/web/src/lib/linkify.ts).
 */
export function linkCandidates(text: string): Array<{ index: number; url: string }> {
  return Array.from(text.matchAll(CANDIDATE), (match) => ({ index: match.index, url: trimTrailing(match[0]) }));
}

/** The text's first http(s) link as written, or null; a link longer than LINK_PREVIEW_LIMITS.urlMax gets no card. */
export function firstLinkOf(text: string): string | null {
  for (const { url } of linkCandidates(text)) {
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
  for (const { index, url } of linkCandidates(text)) {
    if (index > at) out.push({ text: text.slice(at, index), link: false });
    out.push({ text: url, link: true });
    at = index + url.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), link: false });
  return out;
}
