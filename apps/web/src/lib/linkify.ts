/**
 * Splits text into plain runs and http(s) links, so links render as anchors while everything else
 * stays text that React escapes. Nothing here produces HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?'"\])}>]+$/;

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops sentence punctuation after a link, keeping a closing bracket the link itself opened. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const match = TRAILING.exec(url);
    if (!match) return url;
    const last = url[url.length - 1];
    const opener = { ')': '(', ']': '[', '}': '{' }[last as ')' | ']' | '}'];
    if (opener && count(url, opener) >= count(url, last)) return url;
    url = url.slice(0, -1);
  }
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const url = trimTrailing(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    if (start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, start) });
    parts.push({ kind: 'link', text: url, href });
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return parts;
}
