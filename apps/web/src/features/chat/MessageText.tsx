/** A message's text with its @mentions linked to the people's profiles (chat links nothing else). */
import type { Mention } from '@plaza/contract';
import { useMemo } from 'react';
import { MentionLink } from '../../components/MentionLink';
import { splitRichText } from '../../lib/rich-text';

export function MessageText({ text, mentions, own }: { text: string; mentions: Mention[]; own: boolean }) {
  const parts = useMemo(() => splitRichText(text, mentions, { withTags: false, withLinks: false }), [text, mentions]);
  const linkClass = own
    ? 'font-semibold text-white underline underline-offset-2'
    : 'font-semibold text-brand-primary underline-offset-2 hover:underline dark:text-indigo-300';
  return (
    <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        part.kind === 'mention' ? <MentionLink key={i} userName={part.userName} className={linkClass} /> : <span key={i}>{part.text}</span>,
      )}
    </p>
  );
}
