/**
 * Builds every feature of the server once, in dependency order, handing each the public APIs of the
 * features it needs. A feature imports another only through that feature's `index.ts` (the lint rule
 * in eslint.config.js holds to it); where two features need each other, the one built later receives
 * the other's API here instead of importing it (reactions and comments get posts', profiles count posts).
 */
import type { AppContext, CoreContext, Feature } from '../context';
import { createAccountsFeature } from './accounts';
import { createAuthFeature } from './auth';
import { createChatFeature } from './chat';
import { createCommentsFeature } from './comments';
import { createModerationFeature } from './moderation';
import { createNotificationsFeature } from './notifications';
import { createPeopleFeature } from './people';
import { createPostsFeature } from './posts';
import { createReactionsFeature } from './reactions';
import { createSafetyFeature } from './safety';
import { createStoriesFeature } from './stories';
import { createUsersFeature } from './users';

export interface BuiltFeatures {
  /** The context every feature was built with, authentication included. */
  ctx: AppContext;
  /** In the order their routes are registered and their background work starts. */
  features: Feature[];
}

export function createFeatures(core: CoreContext): BuiltFeatures {
  const auth = createAuthFeature(core);
  const ctx: AppContext = { ...core, auth: auth.service };
  const posts = createPostsFeature(ctx);
  const people = createPeopleFeature(ctx, { counts: { postsBy: (userId) => posts.api.countByAuthor(userId) } });
  const reactions = createReactionsFeature(ctx, { posts: posts.api });
  const comments = createCommentsFeature(ctx, { posts: posts.api });
  const stories = createStoriesFeature(ctx);
  const chat = createChatFeature(ctx);
  const features: Feature[] = [
    auth,
    createUsersFeature(ctx),
    people,
    createNotificationsFeature(ctx),
    posts,
    reactions,
    comments,
    stories,
    chat,
    createSafetyFeature(ctx, { connections: people.connections }),
    createModerationFeature(ctx, {
      content: { post: posts.moderation, comment: comments.moderation, story: stories.moderation, message: chat.moderation },
    }),
    createAccountsFeature(ctx, {
      posts: posts.api,
      reactions: reactions.api,
      comments: comments.api,
      stories: stories.api,
      chat: chat.api,
    }),
  ];
  return { ctx, features };
}
