/**
 * Splits post, comment and message text into plain runs, http(s) links, `#tags` (product.md § Hashtags) and
 * `@mentions` (product.md § Mentions), so each renders as what it is while everything else stays text that
 * React escapes. Tags and mentions are read by the contract's functions, as the server reads them, so a
 * linked tag always has its page. A mention links only where the server stored one for that name (its
 * `mentions` list), and carries the person's name now, which a rename may have changed.
 */
import { findHashtags, findMentions, type Mention } from '@plaza/contract';
import { splitLinks, type TextPart } from './linkify';

export type RichPart =
  TextPart | { kind: 'tag'; text: string; tag: string } | { kind: 'mention'; text: string; userName: string; userId: string };

/** The path of a tag's page. */
export const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag)}`;

interface Run {
  start: number;
  end: number;
  part: RichPart;
}

function runsOf(text: string, mentions: readonly Mention[], withTags: boolean): Run[] {
  const runs: Run[] = withTags
    ? findHashtags(text).map((r) => ({ start: r.start, end: r.end, part: { kind: 'tag', text: text.slice(r.start, r.end), tag: r.tag } }))
    : [];
  if (mentions.length) {
    for (const r of findMentions(text)) {
      const person = mentions.find((m) => m.mentionedAs === r.name);
      if (person) {
        runs.push({
          start: r.start,
          end: r.end,
          part: { kind: 'mention', text: `@${person.userName}`, userName: person.userName, userId: person.userId },
        });
      }
    }
  }
  return runs.sort((a, b) => a.start - b.start);
}

/** `withTags`: false for chat messages, whose tags lead nowhere. */
export function splitRichText(text: string, mentions: readonly Mention[] = [], { withTags = true, withLinks = true } = {}): RichPart[] {
  const runs = runsOf(text, mentions, withTags);
  const pieces: TextPart[] = withLinks ? splitLinks(text) : [{ kind: 'text', text }];
  if (runs.length === 0) return pieces;
  const parts: RichPart[] = [];
  let offset = 0;
  for (const piece of pieces) {
    const [from, to] = [offset, offset + piece.text.length];
    offset = to;
    if (piece.kind === 'link') {
      parts.push(piece);
      continue;
    }
    let cursor = from;
    for (const run of runs) {
      if (run.start < from || run.end > to) continue;
      if (run.start > cursor) parts.push({ kind: 'text', text: text.slice(cursor, run.start) });
      parts.push(run.part);
      cursor = run.end;
    }
    if (cursor < to) parts.push({ kind: 'text', text: text.slice(cursor, to) });
  }
  return parts;
}

/** The first `length` characters of the parts; a link, tag or mention cut short becomes plain text, never a wrong target. */
export function cutParts(parts: RichPart[], length: number): RichPart[] {
  const cut: RichPart[] = [];
  let left = length;
  for (const part of parts) {
    if (left <= 0) break;
    cut.push(part.text.length <= left ? part : { kind: 'text', text: part.text.slice(0, left) });
    left -= part.text.length;
  }
  return cut;
}
