/**
 * What a page says about itself: its OpenGraph and Twitter-card tags (falling back to `<title>` and the meta
 * description), read by open-graph-scraper from HTML Plaza fetched itself. Only text and the image's address
 * come out; nothing of the page is ever shown as HTML.
 */
import { LINK_PREVIEW_LIMITS } from '@plaza/contract';

export interface PageCard {
  title: string;
  description: string | null;
  /** Absolute http(s) address of the page's preview image, not fetched yet. */
  imageUrl: string | null;
  siteName: string | null;
}

/** The charset the Content-Type names, else a `<meta charset>` near the top, else UTF-8. */
function decode(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Whitespace collapsed, cut at `max` characters (with an ellipsis); empty → null. */
function clean(text: string | undefined, max: number): string | null {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return null;
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function absoluteHttpUrl(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The card a page's HTML describes; null when it names nothing to show (no title anywhere). */
export async function readPageCard(body: Buffer, contentType: string, pageUrl: string): Promise<PageCard | null> {
  // The images of the page itself are no preview: only og:image (or twitter:image) counts.
  // Loaded at the first page read, not at start: it holds several MB of heap a server without links never needs.
  const { default: ogs } = await import('open-graph-scraper');
  const { result, error } = await ogs({ html: decode(body, contentType), onlyGetOpenGraphInfo: ['image'] });
  if (error) return null;
  const host = new URL(pageUrl).hostname.replace(/^www\./, '');
  const title = clean(result.ogTitle ?? result.twitterTitle ?? result.dcTitle, LINK_PREVIEW_LIMITS.titleMax);
  if (!title) return null;
  return {
    title,
    description: clean(result.ogDescription ?? result.twitterDescription, LINK_PREVIEW_LIMITS.descriptionMax),
    imageUrl: absoluteHttpUrl(result.ogImage?.[0]?.url ?? result.twitterImage?.[0]?.url, pageUrl),
    siteName: clean(result.ogSiteName ?? result.twitterSite?.replace(/^@/, ''), LINK_PREVIEW_LIMITS.siteNameMax) ?? host,
  };
}
