/** Hashtags: a tag's page of posts, the trending tags and the tag search (product.md § Hashtags). */
import { z } from 'zod';
import { paginationSchema } from './common';
import { isHashtag, normalizeHashtag } from './hashtag-text';
import { SEARCH_QUERY_MAX } from './people';
import { postSchema } from './posts';

/** A tag as a path names it, in any case and without its `#`; the server reads it normalized. */
export const hashtagSchema = z
  .string()
  .max(200)
  .transform(normalizeHashtag)
  .refine(isHashtag, 'A tag is up to 50 letters, digits or _, with at least one letter')
  .describe('The tag without its `#`, in any case: letters, digits and _, with at least one letter, up to 50 characters');

export const hashtagParamsSchema = z.object({ tag: hashtagSchema });

/** `GET /tags/{tag}/posts`: the visible posts carrying the tag, newest first. */
export const tagPostsResponseSchema = z.object({ success: z.literal(true), data: z.array(postSchema), pagination: paginationSchema });
export type TagPostsResponse = z.infer<typeof tagPostsResponseSchema>;

export const trendingTagSchema = z
  .object({
    tag: z.string(),
    /** Distinct people who used it in a post or comment within the window. */
    people: z.number().int(),
    /** Distinct posts it was used on (in the post or in its comments) within the window. */
    posts: z.number().int(),
  })
  .meta({ id: 'TrendingTag' });
export type TrendingTag = z.infer<typeof trendingTagSchema>;

export const trendingTagsResponseSchema = z.object({ success: z.literal(true), data: z.array(trendingTagSchema) });

/** Typed as people type it: a leading `#` is ignored; text that cannot start a tag finds nothing. */
export const tagSearchQuerySchema = z.object({ query: z.string().max(SEARCH_QUERY_MAX).default('') });

export const foundTagSchema = z
  .object({ tag: z.string(), /** Posts the caller would see on the tag's page. */ posts: z.number().int() })
  .meta({ id: 'FoundTag' });
export type FoundTag = z.infer<typeof foundTagSchema>;

export const tagSearchResponseSchema = z.object({ success: z.literal(true), tags: z.array(foundTagSchema) });
