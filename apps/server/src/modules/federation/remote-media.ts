/**
 * The images of a post from another server, fetched once when it arrives and then stored and served like a
 * local post's (so the Content-Security-Policy stays `'self'`): through the SSRF-safe client (no private,
 * loopback or link-local address unless ALLOW_PRIVATE_ADDRESSES), images only, at most four, each within
 * the size a local upload may have and 15 seconds. One that cannot be fetched is left out.
 */
import { LIMITS } from '@plaza/contract';
import { Document, Image, Link, type Note } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { safeClient } from '../link-previews';

const FETCH_TIMEOUT_MS = 15_000;

export function remoteMedia(ctx: AppContext) {
  const client = safeClient({
    allowPrivateAddresses: ctx.config.allowPrivateAddresses,
    loopbackOnly: ctx.config.outboundLoopbackOnly,
    userAgent: `Plaza/1.0 (+${ctx.config.publicUrl})`,
  });
  const log = ctx.log.child({ part: 'federation-media' });

  /** The addresses of a Note's image attachments, in order. */
  async function imageUrlsOf(note: Note, loader: Parameters<Note['getAttachments']>[0]): Promise<string[]> {
    const urls: string[] = [];
    for await (const item of note.getAttachments(loader)) {
      if (!(item instanceof Document || item instanceof Image)) continue;
      if (item.mediaType && !item.mediaType.startsWith('image/')) continue;
      const url = item.url instanceof Link ? item.url.href : item.url;
      if (url instanceof URL && (url.protocol === 'https:' || url.protocol === 'http:')) urls.push(url.href);
      if (urls.length === LIMITS.postImages) break;
    }
    return urls;
  }

  return {
    async imagesOf(note: Note, loader: Parameters<Note['getAttachments']>[0]): Promise<Buffer[]> {
      const images: Buffer[] = [];
      for (const url of await imageUrlsOf(note, loader)) {
        try {
          const fetched = await client.get(url, {
            timeoutMs: FETCH_TIMEOUT_MS,
            maxBytes: LIMITS.imageBytes,
            overflow: 'refuse',
            accept: 'image/*',
            acceptsType: (type) => type.startsWith('image/'),
          });
          images.push(fetched.body);
        } catch (err) {
          log.info({ err, url }, "an image of another server's post could not be fetched; the post goes without it");
        }
      }
      return images;
    },
  };
}
