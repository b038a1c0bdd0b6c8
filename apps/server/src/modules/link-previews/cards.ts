/**
 * Makes the card of a link, or answers the one made earlier: the cache first (a card for a day, a failure for
 * ten minutes, so a dead link is not read again for every post that names it), then the page through the
 * SSRF-safe client (1 MB of HTML at most, text/html only), its tags, and its image stored as Plaza's own.
 * Two asks for the same link at once share one read.
 */
import type { LinkPreview } from '@plaza/contract';
import type { AppContext } from '../../context';
import { cardImages } from './card-image';
import { readPageCard, type PageCard } from './page-card';
import { linkPreviewRepo } from './repo';
import { FetchRefusedError, safeClient } from './safe-fetch';
import { urlKeyOf } from './url-key';
import { knownVideoCard } from './video-sites';

const MAX_HTML_BYTES = 1024 * 1024;
const CARD_TTL_MS = 24 * 3_600_000;
const FAILURE_TTL_MS = 10 * 60_000;
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A card as cached: every field but the link, which each text keeps as its author wrote it. */
type CardBody = Omit<LinkPreview, 'url'>;

export function linkCards(ctx: AppContext) {
  const { timeoutMs } = ctx.config.linkPreviews;
  const log = ctx.log.child({ feature: 'link-previews' });
  const client = safeClient({
    allowPrivateAddresses: ctx.config.allowPrivateAddresses,
    loopbackOnly: ctx.config.outboundLoopbackOnly,
    userAgent: `Mozilla/5.0 (compatible; PlazaLinkPreview/1.0; +${ctx.config.publicUrl})`,
  });
  const images = cardImages(client, ctx.storage, { timeoutMs, log });
  const repo = linkPreviewRepo(ctx.db);
  const reading = new Map<string, Promise<CardBody | null>>();

  async function readPage(href: string): Promise<PageCard | null> {
    try {
      const page = await client.get(href, {
        timeoutMs,
        maxBytes: MAX_HTML_BYTES,
        overflow: 'cut',
        accept: 'text/html,application/xhtml+xml;q=0.9',
        acceptsType: (type) => HTML_TYPES.has(type),
      });
      return await readPageCard(page.body, page.contentType, page.url);
    } catch (err) {
      if (!(err instanceof FetchRefusedError)) throw err;
      log.debug({ href, reason: err.reason, err: err.message }, 'link preview page not read');
      return null;
    }
  }

  async function make(href: string): Promise<CardBody | null> {
    const video = knownVideoCard(href);
    const page = (await readPage(href)) ?? (video && { ...video, description: null });
    if (!page) return null;
    // A video site's own thumbnail wins over whatever image its page names: it is the picture of the video.
    const imageUrl = video?.imageUrl ?? page.imageUrl;
    return {
      title: page.title,
      description: page.description,
      image: imageUrl ? await images.store(imageUrl) : null,
      siteName: page.siteName,
    };
  }

  async function cached(urlKey: string, href: string): Promise<CardBody | null> {
    const now = Date.now();
    const hit = await repo.find(urlKey, new Date(now).toISOString());
    if (hit) return hit.card === null ? null : (JSON.parse(hit.card) as CardBody);
    const card = await make(href);
    const ttl = card ? CARD_TTL_MS : FAILURE_TTL_MS;
    await repo.save(urlKey, card && JSON.stringify(card), new Date(now).toISOString(), new Date(Date.now() + ttl).toISOString());
    return card;
  }

  return {
    /** The card of `href` (an http(s) link), or null when its page cannot be read or has nothing to show. */
    async cardFor(href: string): Promise<LinkPreview | null> {
      const urlKey = urlKeyOf(href);
      let pending = reading.get(urlKey);
      if (!pending) {
        pending = cached(urlKey, href).finally(() => reading.delete(urlKey));
        reading.set(urlKey, pending);
      }
      const card = await pending;
      return card && { url: href, ...card };
    },

    /** Drops expired cache rows. */
    sweep: () => repo.sweep(new Date().toISOString()),
  };
}
export type LinkCards = ReturnType<typeof linkCards>;
