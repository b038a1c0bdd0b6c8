/**
 * A post's images in a 1–4 layout, each at the size the screen needs (srcset), in its frame before it
 * loads (its average colour, then its blurred thumbhash, painted in its place, so nothing moves); a click
 * opens the full image in the lightbox.
 */
import type { PostMedia } from '@plaza/contract';
import { Suspense, useEffect, useState, type CSSProperties } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { averageColorOf, decodedPlaceholderOf, FEED_SIZES, placeholderOf, srcSetOf } from './responsive-image';
import { useTranslation } from 'react-i18next';

// Loaded at the first click on an image: not part of the feed's first render.
const Lightbox = lazyDialog(() => import('./Lightbox').then((m) => m.Lightbox));

/** Single images keep their shape, within portrait 4:5 and landscape 1.91:1 (common feed bounds). */
const singleRatio = (m: PostMedia) => (m.width > 0 && m.height > 0 ? Math.min(1.91, Math.max(0.8, m.width / m.height)) : 4 / 3);

const CELL_LAYOUTS: Record<number, string[]> = {
  2: ['', ''],
  3: ['row-span-2', '', ''],
  4: ['', '', '', ''],
};

const backdrop = (m: PostMedia): CSSProperties | undefined => {
  const placeholder = decodedPlaceholderOf(m);
  if (placeholder) return { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover', backgroundPosition: 'center' };
  const color = averageColorOf(m);
  return color ? { backgroundColor: color } : undefined;
};

/** Runs `task` when the browser is next idle (within a second); answers how to cancel it. */
const onceIdle = (task: () => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
};

/**
 * The images' blurred placeholders, decoded once the browser is idle rather than while the feed renders;
 * until then each frame shows the image's average colour. Renders again when they are ready.
 */
function usePlaceholders(media: PostMedia[]): void {
  const [, setDecoded] = useState(false);
  const missing = media.some((m) => m.placeholder && !decodedPlaceholderOf(m));
  useEffect(() => {
    if (!missing) return;
    return onceIdle(() => {
      for (const m of media) placeholderOf(m);
      setDecoded(true);
    });
  }, [media, missing]);
}

/** `priority`: the images of the first post on the screen load at once; the others when scrolled near. */
export function ImageGrid({ media, authorName, priority = false }: { media: PostMedia[]; authorName: string; priority?: boolean }) {
  const { t } = useTranslation('posts');
  const [open, setOpen] = useState<number | null>(null);
  usePlaceholders(media);
  if (media.length === 0) return null;
  const shown = media.slice(0, 4);
  const count = shown.length;
  const label = (i: number) => t('media.open', { n: i + 1, total: count });
  const img = (m: PostMedia, i: number) => {
    const srcSet = srcSetOf(m);
    return (
      <img
        // Images stored before sizes existed: the image itself, sharp at any width, rather than the square thumbnail.
        src={srcSet ? (m.variants?.find((v) => v.width >= 640)?.url ?? m.url) : m.url}
        srcSet={srcSet}
        sizes={srcSet ? (count === 1 ? FEED_SIZES.single : FEED_SIZES.cell) : undefined}
        width={m.width || undefined}
        height={m.height || undefined}
        alt={t('media.image', { n: i + 1, total: count, name: authorName })}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority && i === 0 ? 'high' : undefined}
        decoding="async"
        className="h-full w-full object-cover transition group-hover:brightness-95"
      />
    );
  };

  return (
    <>
      {count === 1 ? (
        <button
          type="button"
          onClick={() => setOpen(0)}
          aria-label={label(0)}
          className="group block w-full overflow-hidden bg-slate-100 dark:bg-slate-800"
          style={{ aspectRatio: singleRatio(shown[0]), ...backdrop(shown[0]) }}
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
              style={backdrop(m)}
            >
              {img(m, i)}
            </button>
          ))}
        </div>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox media={shown} index={open} authorName={authorName} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
