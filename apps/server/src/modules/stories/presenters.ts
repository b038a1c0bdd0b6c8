/** Shapes story rows into the contract's Story: the owner alone sees the view count. */
import type { PublicUser, Story } from '@plaza/contract';
import type { StoryRow } from './repo';

export interface StoryPresentation {
  viewerId: string;
  viewed: boolean;
  /** Looked up only for the viewer's own stories. */
  viewCount?: number;
  /** Story media is private: the viewer gets a signed URL that expires (security/signed-media.ts). */
  signUrl: (url: string) => string;
}

export function presentStory(row: StoryRow, user: PublicUser, p: StoryPresentation): Story {
  const own = row.user_id === p.viewerId;
  return {
    _id: row.id,
    user,
    mediaUrl: p.signUrl(row.media_url),
    mediaType: row.media_type,
    posterUrl: row.poster_url ? p.signUrl(row.poster_url) : null,
    caption: row.caption,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    viewed: own || p.viewed,
    ...(own ? { viewCount: p.viewCount ?? 0 } : {}),
  };
}
