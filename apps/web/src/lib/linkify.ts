/**
 * Splits text into plain runs and http(s) links, so links render as anchors while everything else
 * stays text that React escapes. Nothing here produces HTML. Links are found by the contract's rules, the
 * ones the server's link previews use.
 */
import { linkCandidates } from '@plaza/contract';

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

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
  for (const { index: start, url } of linkCandidates(text)) {
    const href = safeHref(url);
    if (!href) continue;
    if (start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, start) });
    parts.push({ kind: 'link', text: url, href });
    cursor = start + url.length;
  }
  if (cursor < text.length) parts.push({ kind: 'text', text: text.slice(cursor) });
  return parts;
}
