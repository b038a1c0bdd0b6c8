/** What the federation feature hands the server: its directory at once, the feature once the features it drives exist. */
import type { Feature } from '../../context';
import type { ChatFeature } from '../chat';
import type { CommentsFeature } from '../comments';
import type { ConnectionService } from '../people';
import type { PostsFeature } from '../posts';
import type { ReactionsFeature } from '../reactions';
import type { SafetyFeature } from '../safety';
import type { RemoteDirectory } from './directory';

export interface FederationDeps {
  connections: ConnectionService;
  posts: Pick<PostsFeature, 'api' | 'authoring'>;
  reactions: Pick<ReactionsFeature, 'remote'>;
  comments: Pick<CommentsFeature, 'remote'>;
  safety: Pick<SafetyFeature, 'remote'>;
  chat: Pick<ChatFeature, 'remote'>;
}

export interface FederationParts {
  /** Null while federation is off. */
  directory: RemoteDirectory | null;
  /** Builds the feature once the features it drives (friend requests, posts, reactions) exist. */
  feature(deps: FederationDeps): Feature;
}
