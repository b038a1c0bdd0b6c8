/** Posts, the home feed, reactions, comments and favorites (product.md § Posts, § Feed, § Reactions, § Comments, § Favorites). */
import { z } from 'zod';
import { idSchema, pageQuery, paginationSchema, publicUserSchema } from './common';
import { COMMENT_LIKE_MESSAGES, LIMITS, PAGE_SIZES, REACTION_TYPES, VIDEO_LIMITS } from './constants';
import { linkPreviewSchema, noPreviewSchema } from './link-previews';
import { mentionsSchema } from './mentions';

export const reactionTypeSchema = z.enum(REACTION_TYPES);

export const postMediaSchema = z
  .object({
    /** The image, or the video as an H.264/AAC MP4. */
    url: z.string(),
    /** The image's 400 px thumbnail, or the video's poster frame (WebP), shown until it plays. */
    thumbUrl: z.string(),
    width: z.number(),
    height: z.number(),
    type: z.enum(['image', 'video']),
    /** A video's length, at most VIDEO_LIMITS.maxDurationSeconds. */
    durationSeconds: z.number().positive().optional(),
    /** The same image at narrower widths (WebP), narrowest first, for `srcset`; `url` is the widest (at most 2048 px). */
    variants: z.array(z.object({ url: z.string(), width: z.number().int().positive() })).optional(),
    /** thumbhash of the image, base64: a blurred stand-in to paint while it loads. */
    placeholder: z.string().max(64).optional(),
    /**
     * A video not ready to play: `processing` until its encode is done (socket `postMedia` brings the ready
     * media), `failed` when it could not be made playable. Absent when it plays. While set, `url` and
     * `thumbUrl` answer nothing yet: show a placeholder in the shape of `width` × `height`.
     */
    status: z.enum(['processing', 'failed']).optional(),
  })
  .meta({ id: 'PostMedia' });
export type PostMedia = z.infer<typeof postMediaSchema>;

export const reactionCountsSchema = z
  .object({
    heart: z.number(),
    fire: z.number(),
    thumbsUp: z.number(),
    smile: z.number(),
    celebrate: z.number(),
    clap: z.number(),
  })
  .meta({ id: 'ReactionCounts' });
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

export const postSchema = z
  .object({
    _id: z.string(),
    author: publicUserSchema,
    content: z.string(),
    media: z.array(postMediaSchema),
    createdAt: z.string(),
    reactionCounts: reactionCountsSchema,
    totalReactions: z.number(),
    /** The kinds the caller holds on this post. */
    currentUserReactions: z.array(reactionTypeSchema),
    commentsCount: z.number(),
    isFavorite: z.boolean(),
    /** When the author last edited it; null until then. */
    editedAt: z.string().nullable(),
    /** Only on home-feed items that are neither the caller's nor a friend's ("Suggested for you"). */
    suggested: z.literal(true).optional(),
    /** The card of the text's first link; null until it is made (socket `linkPreview`), or when there is none. */
    linkPreview: linkPreviewSchema.nullable(),
    /** The people the text mentions, with their names now. */
    mentions: mentionsSchema,
  })
  .meta({ id: 'Post', description: "A post as the caller sees it: counts, and the caller's own reactions and favorite mark." });
export type Post = z.infer<typeof postSchema>;

/** The text part of `POST /posts` (multipart); the `images` files travel beside it. */
export const postContentSchema = z
  .string()
  .trim()
  .max(LIMITS.postContent.max, `A post may be at most ${LIMITS.postContent.max} characters`);

/** The multipart form of `POST /posts`: text, and up to four images or one video (at least one of them). */
export const createPostFormSchema = z.object({
  content: postContentSchema.optional(),
  images: z
    .array(z.file().max(LIMITS.imageBytes).describe('A JPEG, PNG, WebP or GIF image of at most 10 MB'))
    .max(LIMITS.postImages)
    .optional()
    .describe(`Up to ${LIMITS.postImages} images, each sent as a part named \`images\``),
  video: z
    .file()
    .max(LIMITS.videoBytes)
    .optional()
    .describe(
      `One MP4 or WebM video of at most 50 MB and ${VIDEO_LIMITS.maxDurationSeconds} s, instead of images; stored as H.264/AAC MP4 with a poster frame`,
    ),
  noPreview: z.enum(['true', 'false']).optional().describe('`true`: the author removed the link preview card; none is made'),
});

export const postParamsSchema = z.object({ postId: idSchema });

/**
 * `PATCH /posts/{postId}`: new text and/or media to drop (by their `url`). What remains must still hold
 * text or media, as when creating.
 */
export const updatePostBodySchema = z
  .object({
    content: postContentSchema.optional(),
    removeMedia: z.array(z.string().min(1).max(500)).max(LIMITS.postImages).optional(),
  })
  .refine((b) => b.content !== undefined || (b.removeMedia?.length ?? 0) > 0, { message: 'Nothing to change', path: ['content'] });
export type UpdatePostBody = z.infer<typeof updatePostBodySchema>;
export const userPostsParamsSchema = z.object({ userName: z.string().min(1).max(LIMITS.handle.max) });
export const feedParamsSchema = z.object({ authUser: z.string().min(1).max(64) });

export const postResponseSchema = z.object({ success: z.literal(true), post: postSchema });

export const postsPageQuerySchema = pageQuery(PAGE_SIZES.feed);
export type PostsPageQuery = z.infer<typeof postsPageQuerySchema>;

/** `GET /posts/my-posts` and `GET /posts/user/{userName}`: newest first. */
export const userPostsResponseSchema = z.object({ success: z.literal(true), userPosts: z.array(postSchema), pagination: paginationSchema });

/**
 * `?page&limit&anchor`. Page 1 answers an `anchor`; sending it back with later pages freezes the feed at
 * that moment, so posts published meanwhile neither shift the pages (no duplicates) nor slip between
 * them (no gaps). Without it the pages are plain offsets into the live feed.
 */
export const feedQuerySchema = pageQuery(PAGE_SIZES.feed).extend({ anchor: idSchema.optional() });
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    feeds: z.array(postSchema),
    totalCount: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
    hasMore: z.boolean(),
    /** Pass it back as `anchor` with the following pages. */
    anchor: z.string(),
  }),
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

export const reactBodySchema = z.object({ reactionType: reactionTypeSchema });

export const reactResponseSchema = z.object({
  success: z.literal(true),
  action: z.enum(['added', 'removed']),
  reactionType: reactionTypeSchema,
  totalReactions: z.number(),
});

export const reactionsQuerySchema = z.object({ postId: idSchema });

export const reactionGroupSchema = z
  .object({
    count: z.number(),
    /** The latest 20 people holding this kind, newest first. */
    users: z.array(publicUserSchema),
  })
  .meta({ id: 'ReactionGroup' });

export const reactionsResponseSchema = z.object({
  success: z.literal(true),
  reactions: z.object({
    heart: reactionGroupSchema,
    fire: reactionGroupSchema,
    thumbsUp: reactionGroupSchema,
    smile: reactionGroupSchema,
    celebrate: reactionGroupSchema,
    clap: reactionGroupSchema,
  }),
  totalReactions: z.number(),
  currentUserReactions: z.array(reactionTypeSchema),
});
export type ReactionsResponse = z.infer<typeof reactionsResponseSchema>;

export const REACTION_USERS_SHOWN = 20;

export const commentSchema = z
  .object({
    _id: z.string(),
    postId: z.string(),
    commentContent: z.string(),
    commentAuthor: publicUserSchema,
    /** Ids of the people who liked it. */
    commentLikes: z.array(z.string()),
    createdAt: z.string(),
    /** The card of the comment's first link; null until it is made (socket `linkPreview`), or when there is none. */
    linkPreview: linkPreviewSchema.nullable(),
    /** The people the comment mentions, with their names now. */
    mentions: mentionsSchema,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentsQuerySchema = pageQuery(PAGE_SIZES.comments);

export const commentsPaginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() });

export const commentsResponseSchema = z.object({
  success: z.literal(true),
  comments: z.array(commentSchema),
  pagination: commentsPaginationSchema,
});
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

export const createCommentBodySchema = z.object({
  commentContent: z
    .string()
    .trim()
    .min(LIMITS.commentContent.min, 'Write something first')
    .max(LIMITS.commentContent.max, `A comment may be at most ${LIMITS.commentContent.max} characters`),
  noPreview: noPreviewSchema,
});

export const commentResponseSchema = z.object({ success: z.literal(true), comment: commentSchema });

export const commentParamsSchema = z.object({ commentId: idSchema });

export const commentLikeResponseSchema = z.object({
  success: z.literal(true),
  userId: z.string(),
  message: z.enum([COMMENT_LIKE_MESSAGES.liked, COMMENT_LIKE_MESSAGES.unliked]),
});

export const favoriteResponseSchema = z.object({ success: z.literal(true), isFavorite: z.boolean() });

/** Most recently favorited first. */
export const favoritesResponseSchema = z.object({ success: z.literal(true), posts: z.array(postSchema), pagination: paginationSchema });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;
