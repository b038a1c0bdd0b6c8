/** A post's images as thumbnails in a 1–4 layout; a click opens the full image in the lightbox. */
import type { PostMedia } from '@plaza/contract';
import { useState } from 'react';
import { Lightbox } from './Lightbox';

/** Single images keep their shape, within portrait 4:5 and landscape 1.91:1 (common feed bounds). */
const singleRatio = (m: PostMedia) => (m.width > 0 && m.height > 0 ? Math.min(1.91, Math.max(0.8, m.width / m.height)) : 4 / 3);

const CELL_LAYOUTS: Record<number, string[]> = {
  2: ['', ''],
  3: ['row-span-2', '', ''],
  4: ['', '', '', ''],
};

export function ImageGrid({ media, authorName }: { media: PostMedia[]; authorName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const shown = media.slice(0, 4);
  const count = shown.length;
  const label = (i: number) => `Open image ${i + 1} of ${count}`;
  const img = (m: PostMedia, i: number) => (
    <img
      src={m.thumbUrl}
      alt={`Image ${i + 1} of ${count} by ${authorName}`}
      loading="lazy"
      className="h-full w-full object-cover transition group-hover:brightness-95"
    />
  );

  return (
    <>
      {count === 1 ? (
        <button
          type="button"
          onClick={() => setOpen(0)}
          aria-label={label(0)}
          className="group block w-full overflow-hidden bg-slate-100 dark:bg-slate-800"
          style={{ aspectRatio: singleRatio(shown[0]) }}
        >
          {img(shown[0], 0)}
        </button>
      ) : (
        <div
          className={`grid aspect-[16/10] grid-cols-2 gap-0.5 overflow-hidden bg-slate-100 dark:bg-slate-800 ${count > 2 ? 'grid-rows-2' : ''}`}
        >
          {shown.map((m, i) => (
            <button
              key={m.url}
              type="button"
              onClick={() => setOpen(i)}
              aria-label={label(i)}
              className={`group min-h-0 overflow-hidden ${CELL_LAYOUTS[count][i]}`}
            >
              {img(m, i)}
            </button>
          ))}
        </div>
      )}
      <Lightbox media={shown} index={open} authorName={authorName} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
