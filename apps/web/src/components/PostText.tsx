/** Post or comment text with http(s) links made clickable; long text folds behind "See more". */
import { useState } from 'react';
import { splitLinks } from '../lib/linkify';

const FOLD_AT = 600;
const FOLD_TO = 400;

function foldPoint(text: string): number {
  const space = text.lastIndexOf(' ', FOLD_TO);
  return space > FOLD_TO / 2 ? space : FOLD_TO;
}

export function PostText({ text, className = '', foldable = true }: { text: string; className?: string; foldable?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const folded = foldable && !expanded && text.length > FOLD_AT;
  const shown = folded ? `${text.slice(0, foldPoint(text)).trimEnd()}…` : text;
  return (
    <p className={`break-words whitespace-pre-wrap ${className}`}>
      {splitLinks(shown).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-brand-primary underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
      {folded && (
        <>
          {' '}
          <button
            type="button"
            onClick={() => setExpanded(true)}
            className="font-semibold text-slate-500 hover:underline dark:text-slate-400"
          >
            See more
          </button>
        </>
      )}
    </p>
  );
}
