/**
 * Gives images stored before responsive sizes existed their narrower WebP sizes and placeholder
 * (`npm run media:backfill`). Reads each stored image through the media storage, writes the new files,
 * then swaps the post's `media` only if it is still what was read (a post edited or deleted meanwhile
 * keeps its own, and the files just written are removed). Safe to run again: done images are skipped.
 */
import { buffer } from 'node:stream/consumers';
import type { CoreContext } from '../../context';
import { processResponsiveImage, storeVariants } from '../../media/responsive-images';
import { removeKeys } from './media';
import type { StoredPostMedia } from './presenters';

export interface BackfillReport {
  posts: number;
  images: number;
  failed: number;
}

const BATCH = 100;

export async function backfillPostImages(
  ctx: Pick<CoreContext, 'db' | 'storage'>,
  say: (line: string) => void = () => {},
): Promise<BackfillReport> {
  const report: BackfillReport = { posts: 0, images: 0, failed: 0 };
  let after = '';
  for (;;) {
    const rows = await ctx.db
      .selectFrom('posts')
      .select(['id', 'media'])
      .where('id', '>', after)
      .where('media', '<>', '[]')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return report;
    after = rows[rows.length - 1].id;
    for (const row of rows) {
      const images = JSON.parse(row.media) as StoredPostMedia[];
      if (images.every((m) => m.placeholder || m.type === 'video')) continue;
      const written: string[] = [];
      const next: StoredPostMedia[] = [];
      try {
        for (const image of images) {
          if (image.placeholder || image.type === 'video') {
            next.push(image);
            continue;
          }
          const key = ctx.storage.keyOf(image.url);
          if (!key) throw new Error(`not a stored image: ${image.url}`);
          const original = await ctx.storage.read(key);
          if (!original) throw new Error(`no file for ${image.url}`);
          const sized = await processResponsiveImage(await buffer(original.body));
          const stored = await storeVariants(ctx.storage, 'posts', sized);
          written.push(...stored.keys);
          // The stored image stays as it is (same URL, same size): only what is derived from it is added.
          next.push({ ...image, variants: stored.variants.filter((v) => v.width < image.width), placeholder: sized.placeholder });
          report.images += 1;
        }
        const swapped = await ctx.db
          .updateTable('posts')
          .set({ media: JSON.stringify(next) })
          .where('id', '=', row.id)
          .where('media', '=', row.media)
          .executeTakeFirst();
        if (Number(swapped.numUpdatedRows) === 0) await removeKeys(ctx.storage, written);
        else report.posts += 1;
      } catch (err) {
        report.failed += 1;
        await removeKeys(ctx.storage, written);
        say(`post ${row.id}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    say(`${report.posts} posts, ${report.images} images done`);
  }
}
