/** Every migration, registered explicitly in order (a bundled server cannot scan a folder). */
import type { Migration } from 'kysely';
import * as accounts from './0001-accounts';
import * as people from './0002-people';
import * as posts from './0003-posts';
import * as stories from './0004-stories';
import * as chat from './0005-chat';
import * as timelineMarks from './0006-timeline-marks';
import * as safety from './0020-safety';
import * as moderation from './0021-moderation';
import * as accountLifecycle from './0030-account-lifecycle';
import * as postEdits from './0040-post-edits';
import * as storyPosters from './0041-story-posters';
import * as outbox from './0050-outbox';
import * as nameTrigramsDetailNone from './0070-name-trigrams-detail-none';
import * as nameTrigramsInNameOrder from './0085-name-trigrams-in-name-order';
import * as coveringTimelineKey from './0092-covering-timeline-key';
import * as coveringFriendIds from './0093-covering-friend-ids';

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-people': people,
  '0003-posts': posts,
  '0004-stories': stories,
  '0005-chat': chat,
  '0006-timeline-marks': timelineMarks,
  '0020-safety': safety,
  '0021-moderation': moderation,
  '0030-account-lifecycle': accountLifecycle,
  '0040-post-edits': postEdits,
  '0041-story-posters': storyPosters,
  '0050-outbox': outbox,
  '0070-name-trigrams-detail-none': nameTrigramsDetailNone,
  '0085-name-trigrams-in-name-order': nameTrigramsInNameOrder,
  '0092-covering-timeline-key': coveringTimelineKey,
  '0093-covering-friend-ids': coveringFriendIds,
};
