/** Stories: 24-hour photos and videos of the caller and their friends (product.md § Stories). */
import { z } from 'zod';
import { idSchema, publicUserSchema } from './common';
import { LIMITS } from './constants';

export const STORY_MEDIA_TYPES = ['image', 'video'] as const;
export type StoryMediaType = (typeof STORY_MEDIA_TYPES)[number];

/** The multipart `caption` field: trimmed, at most 200 characters; blank means no caption. */
export const storyCaptionSchema = z
  .string()
  .trim()
  .max(LIMITS.storyCaption.max, `Caption must be at most ${LIMITS.storyCaption.max} characters`)
  .transform((s) => (s === '' ? null : s));

/** The multipart form of `POST /users/u/stories/create`. */
export const createStoryFormSchema = z.object({
  media: z
    .file()
    .max(LIMITS.videoBytes)
    .describe('A JPEG, PNG, WebP or GIF photo of at most 10 MB, or an MP4 or WebM video of at most 50 MB'),
  caption: storyCaptionSchema.optional(),
});

export const storySchema = z
  .object({
    _id: z.string(),
    user: publicUserSchema,
    mediaUrl: z.string(),
    mediaType: z.enum(STORY_MEDIA_TYPES),
    /** A still frame of a video story, shown while it loads; null for photos. */
    posterUrl: z.string().nullable().optional(),
    caption: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** Whether the caller has watched it; always true on the caller's own stories. */
    viewed: z.boolean(),
    /** Only on the caller's own stories. */
    viewCount: z.number().optional(),
    /**
     * A video not ready to play, only ever on the caller's own stories (friends see it once it plays):
     * `processing` until its encode is done (socket `storyMedia` says when), `failed` when it could not
     * be made playable. Absent when it plays. While set, `mediaUrl` and `posterUrl` answer nothing yet.
     */
    status: z.enum(['processing', 'failed']).optional(),
  })
  .meta({ id: 'Story', description: 'A photo or video visible to its author and their friends for 24 hours.' });
export type Story = z.infer<typeof storySchema>;

export const storyGroupSchema = z
  .object({
    user: publicUserSchema,
    /** Oldest first: the order a viewer plays them. */
    stories: z.array(storySchema),
    hasUnviewed: z.boolean(),
  })
  .meta({ id: 'StoryGroup' });
export type StoryGroup = z.infer<typeof storyGroupSchema>;

export const storiesResponseSchema = z.object({
  success: z.literal(true),
  /** Every story of `groupedStories`, flattened in the same play order. */
  stories: z.array(storySchema),
  /** The caller's group first, then groups with unviewed stories, then the rest; each by newest story first. */
  groupedStories: z.array(storyGroupSchema),
});

export const createStoryResponseSchema = z.object({ success: z.literal(true), story: storySchema });

export const storyParamsSchema = z.object({ storyId: idSchema });

export const viewStoryResponseSchema = z.object({ success: z.literal(true), viewed: z.literal(true) });

export const storyViewerSchema = z.object({ user: publicUserSchema, viewedAt: z.string() }).meta({ id: 'StoryViewer' });
export type StoryViewer = z.infer<typeof storyViewerSchema>;

export const storyViewersResponseSchema = z.object({
  success: z.literal(true),
  /** Latest view first. */
  viewers: z.array(storyViewerSchema),
  viewCount: z.number(),
});
