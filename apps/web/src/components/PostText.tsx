/** Post or comment text with http(s) links, #tags and @mentions made clickable; long text folds behind "See more". */
import type { Mention } from '@plaza/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cutParts, splitRichText, tagPath } from '../lib/rich-text';
import { MentionLink } from './MentionLink';

const FOLD_AT = 600;
const FOLD_TO = 400;

const linkClass = 'font-medium text-brand-primary underline-offset-2 hover:underline dark:text-indigo-300';

function foldPoint(text: string): number {
  const space = text.lastIndexOf(' ', FOLD_TO);
  return space > FOLD_TO / 2 ? space : FOLD_TO;
}

const NO_MENTIONS: Mention[] = [];

export function PostText({
  text,
  mentions = NO_MENTIONS,
  className = '',
  foldable = true,
}: {
  text: string;
  mentions?: Mention[];
  className?: string;
  foldable?: boolean;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const folded = foldable && !expanded && text.length > FOLD_AT;
  // Read from the whole text, then cut: a fold never turns the end of a tag into a link to another tag.
  const parts = useMemo(() => splitRichText(text, mentions), [text, mentions]);
  const shown = folded ? cutParts(parts, text.slice(0, foldPoint(text)).trimEnd().length) : parts;
  return (
    <p className={`break-words whitespace-pre-wrap ${className}`}>
      {shown.map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
            {part.text}
          </a>
        ) : part.kind === 'mention' ? (
          <MentionLink key={i} userName={part.userName} className={linkClass} />
        ) : part.kind === 'tag' ? (
          <Link key={i} to={tagPath(part.tag)} className={linkClass}>
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
      {folded && (
        <>
          {'… '}
          <button
            type="button"
            onClick={() => setExpanded(true)}
            className="font-semibold text-slate-500 hover:underline dark:text-slate-400"
          >
            {t('ui.seeMore')}
          </button>
        </>
      )}
    </p>
  );
}
