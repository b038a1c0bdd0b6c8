/**
 * Who may fetch a story's photo, video or poster: the viewer its URL was signed for, only while they may
 * still see the story (a block, a deletion or the story's end stops it at once), or the moderator it was
 * signed for while they hold the role. One indexed query per fetch.
 */
import type { Db } from '../../db';
import { nowIso } from '../../lib/ids';
import { MEDIA_URL_PREFIX } from '../../media/keys';
import type { MediaSigner, PrivateMediaAccess } from '../../security/signed-media';
import { storyRepo } from './repo';

export function storyMediaAccess(db: Db, signer: MediaSigner): PrivateMediaAccess {
  const stories = storyRepo(db);
  return {
    async allows(mediaPath, query) {
      const grant = signer.verify(mediaPath, query);
      if (!grant) return false;
      return stories.mediaVisible(grant, MEDIA_URL_PREFIX + mediaPath.replace(/^\/+/, ''), nowIso());
    },
  };
}
