/**
 * Builds every feature of the server once, in dependency order, handing each the public APIs of the
 * features it needs. A feature imports another only through that feature's `index.ts` (the lint rule
 * in eslint.config.js holds to it); where two features need each other, the one built later receives
 * the other's API here instead of importing it (reactions, comments and hashtags get posts', profiles count posts).
 */
import type { AppContext, CoreContext, Feature } from '../context';
import type { PrivateMediaAccess } from '../security/signed-media';
import { createAccountsFeature } from './accounts';
import { createAuthFeature } from './auth';
import { createChatFeature } from './chat';
import { createCommentsFeature } from './comments';
import { createFederation } from './federation';
import { createHashtagsFeature } from './hashtags';
import { createLinkPreviewsFeature } from './link-previews';
import { createMentionsFeature } from './mentions';
import { createModerationFeature } from './moderation';
import { NotFoundError } from '../lib/errors';
import { createPreferencesFeature } from './notification-preferences';
import { createNotificationsFeature } from './notifications';
import { createPeopleFeature } from './people';
import { createPostsFeature } from './posts';
import { createPushFeature } from './push';
import { createReactionsFeature } from './reactions';
import { createSafetyFeature } from './safety';
import { createStoriesFeature } from './stories';
import { createUsersFeature } from './users';

export interface BuiltFeatures {
  /** The context every feature was built with, authentication included. */
  ctx: AppContext;
  /** In the order their routes are registered and their background work starts. */
  features: Feature[];
  /** Who may fetch private media (story files), for the media route. */
  privateMedia: PrivateMediaAccess;
}

export async function createFeatures(core: CoreContext): Promise<BuiltFeatures> {
  const auth = createAuthFeature(core);
  const ctx: AppContext = { ...core, auth: auth.service };
  const posts = createPostsFeature(ctx);
  // Federation's lookups come first: the people search finds remote people through them.
  const federation = await createFederation(ctx);
  const people = createPeopleFeature(ctx, {
    counts: { postsBy: (userId) => posts.api.countByAuthor(userId) },
    remote: federation.directory,
  });
  const reactions = createReactionsFeature(ctx, { posts: posts.api });
  const comments = createCommentsFeature(ctx, { posts: posts.api });
  const stories = createStoriesFeature(ctx);
  const chat = createChatFeature(ctx);
  const preferences = createPreferencesFeature(ctx);
  const push = createPushFeature(ctx, { preferences: preferences.service, chat: chat.api });
  const safety = createSafetyFeature(ctx, { connections: people.connections });
  const accounts = createAccountsFeature(ctx, {
    posts: posts.api,
    reactions: reactions.api,
    comments: comments.api,
    stories: stories.api,
    chat: chat.api,
  });
  const features: Feature[] = [
    auth,
    createUsersFeature(ctx),
    people,
    preferences,
    push,
    createNotificationsFeature(ctx, {
      preferences: preferences.service,
      wantsInApp: (userId, type) => preferences.service.wantsInApp(userId, type),
      unreadMessagesSince: (userId, since) => chat.api.unreadSince(userId, since),
      // The accounts feature, built last, holds the one mailer; a digest is mailed only long after every feature is built.
      sendMail: (mail) => accounts.mailer.sendLater(mail),
      offerPush: (req) => push.api.offer(req),
      // Only "it is gone" means gone: a database that fails to answer fails the event, which is tried again.
      postExists: (postId) =>
        posts.api.existing(postId).then(
          () => true,
          (err: unknown) => {
            if (err instanceof NotFoundError) return false;
            throw err;
          },
        ),
    }),
    posts,
    reactions,
    comments,
    createHashtagsFeature(ctx, { posts: posts.api }),
    createMentionsFeature(ctx),
    stories,
    chat,
    createLinkPreviewsFeature(ctx),
    federation.feature({ connections: people.connections, posts, reactions, comments, safety, chat }),
    safety,
    createModerationFeature(ctx, {
      content: { post: posts.moderation, comment: comments.moderation, story: stories.moderation, message: chat.moderation },
    }),
    accounts,
  ];
  return { ctx, features, privateMedia: stories.mediaAccess };
}
