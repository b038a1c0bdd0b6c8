/**
 * Link preview cards (product.md § Link previews): the first http(s) link of a post, comment or message gets a card
 * made from the page's OpenGraph and Twitter-card tags, with its image stored by Plaza itself.
 */
import { z } from 'zod';
import { LINK_PREVIEW_LIMITS } from './constants';

export const linkPreviewSchema = z
  .object({
    /** The link as written (the card opens it). */
    url: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    /** Plaza's own copy of the page's preview image (`/media/…`), or null when the page had none that could be used. */
    image: z.string().nullable(),
    /** The site's name (`og:site_name`), or its host name. */
    siteName: z.string().nullable(),
  })
  .meta({ id: 'LinkPreview', description: 'A card for the first link of a post, comment or message.' });
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** What carries a card: `linkPreview` on posts, comments and messages, null until it is made (or when there is none). */
export const LINK_PREVIEW_TARGETS = ['post', 'comment', 'message'] as const;
export type LinkPreviewTarget = (typeof LINK_PREVIEW_TARGETS)[number];

/** An http(s) link of at most LINK_PREVIEW_LIMITS.urlMax characters. */
export const previewUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(LINK_PREVIEW_LIMITS.urlMax, `A link may be at most ${LINK_PREVIEW_LIMITS.urlMax} characters`)
  .refine((s) => /^https?:\/\/[^\s/?#]+/i.test(s) && parses(s), 'Give an http or https link');

function parses(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/** `GET /link-preview?url=`: the card the composer shows before posting. */
export const linkPreviewQuerySchema = z.object({ url: previewUrlSchema });

/** `linkPreview` is null when the page could not be read or had nothing to show. */
export const linkPreviewResponseSchema = z.object({ success: z.literal(true), linkPreview: linkPreviewSchema.nullable() });

/** Sent with a new post, comment or message when its author removed the card in the composer: no card is made. */
export const noPreviewSchema = z.boolean().optional().describe('true: make no link preview card for this text');

/** Socket `linkPreview`: a card was made after the post, comment or message was stored; told to those who can see it. */
export const linkPreviewEventSchema = z.object({
  targetType: z.enum(LINK_PREVIEW_TARGETS),
  targetId: z.string(),
  linkPreview: linkPreviewSchema,
});
export type LinkPreviewEvent = z.infer<typeof linkPreviewEventSchema>;
