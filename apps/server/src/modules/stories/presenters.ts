/** Shapes story rows into the contract's Story: the owner alone sees the view count. */
import type { PublicUser, Story } from '@plaza/contract';
import type { MediaSigner } from '../../security/signed-media';
import type { StoryRow } from './repo';

export interface StoryPresentation {
  viewerId: string;
  viewed: boolean;
  /** Looked up only for the viewer's own stories. */
  viewCount?: number;
  /** Story media is private: the viewer gets URLs signed for them, which expire (security/signed-media.ts). */
  signer: Pick<MediaSigner, 'sign'>;
}

export function presentStory(row: StoryRow, user: PublicUser, p: StoryPresentation): Story {
  const own = row.user_id === p.viewerId;
  const grant = { storyId: row.id, viewerId: p.viewerId, as: 'viewer' as const };
  return {
    _id: row.id,
    user,
    mediaUrl: p.signer.sign(row.media_url, grant),
    mediaType: row.media_type,
    posterUrl: row.poster_url ? p.signer.sign(row.poster_url, grant) : null,
    caption: row.caption,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    viewed: own || p.viewed,
    ...(own ? { viewCount: p.viewCount ?? 0 } : {}),
    // Only the author is ever shown a story that does not play yet (repo.ts lists friends' once they do).
    ...(row.status ? { status: row.status } : {}),
  };
}
