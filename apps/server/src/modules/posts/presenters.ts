/** Shapes posts for the API (product.md § Posts). */
import type { FeedResponse, Mention, Post, PostMedia, ReactionType } from '@plaza/contract';
import { presentLinkPreview } from '../link-previews';
import { presentPublicUser, type PublicUserColumns } from '../users';
import { reactionCountsOf, totalOf, type ReactionCounters } from './reaction-columns';
import type { PostRow } from './repo';

/**
 * How an image or a video is stored in `posts.media`. Images carry no `type` (they came first); a video's
 * `thumb_url` is its poster frame. A video still being made playable has `status: 'processing'`, the
 * URLs its results will have, and `source_key`, the upload kept until then (posts/video-processing.ts).
 */
export interface StoredPostMedia {
  type?: 'video';
  status?: 'processing' | 'failed';
  /** The uploaded video, kept until its `video` job is done (in the private `uploads/` folder). */
  source_key?: string;
  url: string;
  thumb_url: string;
  width: number;
  height: number;
  /** A video's length. */
  duration_seconds?: number;
  /** Narrower WebP sizes, narrowest first; absent on images stored before they existed (`npm run media:backfill`). */
  variants?: Array<{ url: string; width: number }>;
  /** thumbhash, base64. */
  placeholder?: string;
}

export interface ViewerState {
  reactions: ReactionType[];
  favorite: boolean;
}

export function presentMedia(json: string): PostMedia[] {
  const images = JSON.parse(json) as StoredPostMedia[];
  return images.map((m) => ({
    url: m.url,
    thumbUrl: m.thumb_url,
    width: m.width,
    height: m.height,
    type: m.type ?? 'image',
    ...(m.duration_seconds !== undefined ? { durationSeconds: m.duration_seconds } : {}),
    ...(m.variants ? { variants: m.variants } : {}),
    ...(m.placeholder ? { placeholder: m.placeholder } : {}),
    ...(m.status ? { status: m.status } : {}),
  }));
}

/** The columns a post is presented from, besides its author's. */
export type PostBodyColumns = Pick<PostRow, 'id' | 'content' | 'media' | 'created_at' | 'edited_at' | 'comments_count' | 'link_preview'> &
  ReactionCounters;

/** A post as everyone sees it: all of Post but the viewer's own reactions and favorite mark. */
export function presentPostBody(
  row: PostBodyColumns,
  author: PublicUserColumns,
  mentions: Mention[],
): Omit<Post, 'currentUserReactions' | 'isFavorite'> {
  const reactionCounts = reactionCountsOf(row);
  return {
    _id: row.id,
    author: presentPublicUser(author),
    content: row.content,
    media: presentMedia(row.media),
    createdAt: row.created_at,
    editedAt: row.edited_at ?? null,
    reactionCounts,
    totalReactions: totalOf(reactionCounts),
    commentsCount: row.comments_count,
    linkPreview: presentLinkPreview(row.link_preview),
    mentions,
  };
}

export function presentPost(row: PostBodyColumns, author: PublicUserColumns, mentions: Mention[], viewer: ViewerState): Post {
  return { ...presentPostBody(row, author, mentions), currentUserReactions: viewer.reactions, isFavorite: viewer.favorite };
}

interface FeedPageInfo {
  totalCount: number;
  currentPage: number;
  totalPages: number;
  hasMore: boolean;
  anchor: string;
}

/** One page of the home feed with its posts already rendered as a JSON array's UTF-8 chunks (cache/post-json-cache.ts). */
export interface SplicedFeedPage extends FeedPageInfo {
  feedsJson: Buffer[];
}

/** One page of the home feed, its posts as objects (without byte splicing, cache/post-object-cache.ts). */
export interface FeedPageOfPosts extends FeedPageInfo {
  feeds: Post[];
}

export type FeedPage = SplicedFeedPage | FeedPageOfPosts;

const FEED_HEAD = Buffer.from('{"success":true,"data":{"feeds":');

/**
 * The home feed's response body around a page whose posts are already JSON (cache/post-json-cache.ts), copied
 * into one buffer: sent as it is, with nothing to encode or count.
 */
export function feedResponseJson(page: SplicedFeedPage): Buffer {
  const { feedsJson, totalCount, currentPage, totalPages, hasMore, anchor } = page;
  const tail = `,"totalCount":${totalCount},"currentPage":${currentPage},"totalPages":${totalPages},"hasMore":${hasMore},"anchor":${JSON.stringify(anchor)}}}`;
  return Buffer.concat([FEED_HEAD, ...feedsJson, Buffer.from(tail)]);
}

/** The home feed's response of a page whose posts are objects, for a serializer. */
export function feedResponse({ feeds, totalCount, currentPage, totalPages, hasMore, anchor }: FeedPageOfPosts): FeedResponse {
  return { success: true, data: { feeds, totalCount, currentPage, totalPages, hasMore, anchor } };
}
