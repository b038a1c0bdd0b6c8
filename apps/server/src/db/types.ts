/** Every table's row type, combined into the one `Database` type Kysely checks queries against. */
import type { AuthTables } from './tables/auth';
import type { ChatTables } from './tables/chat';
import type { CommentTables } from './tables/comments';
import type { NotificationTables } from './tables/notifications';
import type { OutboxTables } from './tables/outbox';
import type { PeopleTables } from './tables/people';
import type { PostTables } from './tables/posts';
import type { ReactionTables } from './tables/reactions';
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
  StoryTables &
  ChatTables &
  OutboxTables;
