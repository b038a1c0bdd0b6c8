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
import * as accountSecurity from './0094-account-security';
import * as accountTokenStamps from './0101-account-token-stamps';
import * as idempotencyKeys from './0102-idempotency-keys';
import * as linkPreviews from './0107-link-previews';
import * as hashtags from './0109-hashtags';
import * as jobs from './0111-jobs';
import * as chatSequence from './0113-chat-sequence';
import * as groupConversations from './0114-group-conversations';
import * as pushSubscriptions from './0117-push-subscriptions';
import * as notificationPreferences from './0118-notification-preferences';
import * as mentions from './0119-mentions';
import * as remotePeople from './0121-remote-people';
import * as federationKeysAndFollows from './0122-federation-keys-and-follows';
import * as federationKv from './0123-federation-kv';
import * as userLanguage from './0125-user-language';
import * as groupDepartures from './0126-group-departures';
import * as idempotencyResults from './0128-idempotency-results';
import * as federatedPosts from './0130-federated-posts';
import * as federatedComments from './0131-federated-comments';
import * as remoteActorIcons from './0132-remote-actor-icons';
import * as blockedInstances from './0133-blocked-instances';
import * as storyVideoStatus from './0135-story-video-status';
import * as federatedCommentNotes from './0138-federated-comment-notes';

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
  '0094-account-security': accountSecurity,
  '0101-account-token-stamps': accountTokenStamps,
  '0102-idempotency-keys': idempotencyKeys,
  '0107-link-previews': linkPreviews,
  '0109-hashtags': hashtags,
  '0111-jobs': jobs,
  '0113-chat-sequence': chatSequence,
  '0114-group-conversations': groupConversations,
  '0117-push-subscriptions': pushSubscriptions,
  '0118-notification-preferences': notificationPreferences,
  '0119-mentions': mentions,
  '0121-remote-people': remotePeople,
  '0122-federation-keys-and-follows': federationKeysAndFollows,
  '0123-federation-kv': federationKv,
  '0125-user-language': userLanguage,
  '0126-group-departures': groupDepartures,
  '0128-idempotency-results': idempotencyResults,
  '0130-federated-posts': federatedPosts,
  '0131-federated-comments': federatedComments,
  '0132-remote-actor-icons': remoteActorIcons,
  '0133-blocked-instances': blockedInstances,
  '0135-story-video-status': storyVideoStatus,
  '0138-federated-comment-notes': federatedCommentNotes,
};
