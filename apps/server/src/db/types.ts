/** Every table's row type, combined into the one `Database` type Kysely checks queries against. */
import type { AccountTables } from './tables/accounts';
import type { AuthTables } from './tables/auth';
import type { ChatTables } from './tables/chat';
import type { FederationTables } from './tables/federation';
import type { HashtagTables } from './tables/hashtags';
import type { CommentTables } from './tables/comments';
import type { IdempotencyTables } from './tables/idempotency';
import type { JobTables } from './tables/jobs';
import type { LinkPreviewTables } from './tables/link-previews';
import type { MentionTables } from './tables/mentions';
import type { ModerationTables } from './tables/moderation';
import type { NotificationTables } from './tables/notifications';
import type { OutboxTables } from './tables/outbox';
import type { PeopleTables } from './tables/people';
import type { PostTables } from './tables/posts';
import type { PushTables } from './tables/push';
import type { ReactionTables } from './tables/reactions';
import type { SafetyTables } from './tables/safety';
import type { StoryTables } from './tables/stories';
import type { UserTables } from './tables/users';

/**
 * Each feature declares the tables it owns in db/tables/<feature>.ts; only that feature's modules
 * write SQL naming them. Other features read them through the owner's public query functions.
 */
export type Database = UserTables &
  AuthTables &
  PeopleTables &
  NotificationTables &
  PostTables &
  ReactionTables &
  CommentTables &
  HashtagTables &
  StoryTables &
  ChatTables &
  SafetyTables &
  ModerationTables &
  AccountTables &
  OutboxTables &
  IdempotencyTables &
  JobTables &
  LinkPreviewTables &
  FederationTables &
  MentionTables &
  PushTables;
