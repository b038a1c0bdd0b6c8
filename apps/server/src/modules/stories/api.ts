/** What the stories feature offers others: a person's live stories, for their data export and for deleting their account. */
import type { StoryMediaType } from '@plaza/contract';
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
import type { MediaStorage } from '../../media/storage';
import { storyRepo } from './repo';
import { storyFileKeys } from './video-files';

export interface OwnStory {
  id: string;
  mediaType: StoryMediaType;
  caption: string | null;
  createdAt: string;
  expiresAt: string;
  /** Storage key of the photo or video. */
  mediaKey: string | null;
}

export interface StoriesApi {
  liveOf(userId: string): Promise<OwnStory[]>;
  /** Deletes every story of a person (views go with them) in the caller's transaction; answers their files' keys to remove after it commits. */
  removeAllBy(trx: Db, userId: string): Promise<string[]>;
}

export function storiesApi(db: Db, storage: MediaStorage): StoriesApi {
  return {
    async liveOf(userId) {
      const rows = await storyRepo(db).allOf(userId, nowIso());
      return rows.map((r) => ({
        id: r.id,
        mediaType: r.media_type,
        caption: r.caption,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        mediaKey: storage.keyOf(r.media_url),
      }));
    },
    async removeAllBy(trx, userId) {
      const rows = await storyRepo(trx).deleteAllOf(userId);
      return rows.flatMap((r) => storyFileKeys(storage, r));
    },
  };
}
