/**
 * The content moderators act on, as the features that own it describe and remove it. Each owning feature
 * builds its part (`posts/moderation.ts`, …) and modules/index.ts hands them here, so this feature names
 * none of their tables.
 */
import type { ReportTargetType } from '@plaza/contract';

/** A piece of content as a moderator reads it; people are ids, presented in one batch later. */
export interface ContentFacts {
  authorId: string;
  text: string | null;
  /** `status`: a video not playable yet or ever (absent when it plays). */
  media: Array<{ url: string; type: 'image' | 'video'; status?: 'processing' | 'failed' }>;
  createdAt: string;
  /** What it is read with (the messages before a message), oldest first. */
  context: Array<{ id: string; authorId: string; text: string; createdAt: string }>;
  /** A comment's post, shown as its context. */
  postId?: string;
  /** A message's two people: only they may report it. */
  participants?: string[];
}

export interface ModeratedContent {
  /** `moderatorId`: whom private media (a story's file) is signed for; without one, it is not signed. */
  describe(id: string, moderatorId?: string): Promise<ContentFacts | null>;
  /** Whether `viewerId` may see it: what a person cannot see, they cannot report (nor learn exists). */
  visibleTo(id: string, viewerId: string): Promise<boolean>;
  /** false when it was already gone. */
  remove(id: string): Promise<boolean>;
}

export type ContentType = Exclude<ReportTargetType, 'user'>;
export type ContentParts = Record<ContentType, ModeratedContent>;
