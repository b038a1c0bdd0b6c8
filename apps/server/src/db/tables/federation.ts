/** Tables of the federation feature: how to reach people of other servers, key pairs, follows, Fedify's store. */

/** One row per remote person (their `users` row has `remote_host` set): where their actor and inboxes are. */
export interface RemoteActorsTable {
  user_id: string;
  actor_url: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  fetched_at: string;
  /** Where their avatar was fetched from (migration 0132); null when they have none. */
  icon_url: string | null;
}

/** A local person's key pairs as JWK JSON, made once on first use. */
export interface FederationKeysTable {
  user_id: string;
  rsa_public: string;
  rsa_private: string;
  ed25519_public: string;
  ed25519_private: string;
  created_at: string;
}

/**
 * A follow between a local and a remote person, either way: `pending` until the followee's server
 * accepted it. `activity_id` is the Follow's id, which Accept, Reject and Undo name.
 */
export interface FederationFollowsTable {
  follower_id: string;
  followee_id: string;
  activity_id: string;
  state: 'pending' | 'accepted';
  created_at: string;
}

/** Fedify's key-value store: the key is the JSON of Fedify's key array, the value JSON. */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: string | null;
}

/** A post that came from another server: the id of its `Note` there and the remote person who wrote it (migration 0130). */
export interface FederatedPostsTable {
  object_url: string;
  post_id: string;
  author_id: string;
}

/** A comment that came from another server: the id of its reply `Note` there and who wrote it (migration 0131). */
export interface FederatedCommentsTable {
  object_url: string;
  comment_id: string;
  author_id: string;
}

/** The reply `Note` of a comment that came from another server, kept until its deletion is sent (migration 0138). */
export interface FederatedCommentNotesTable {
  comment_id: string;
  object_url: string;
  author_id: string;
}

/** A server an admin blocked, by host[:port] (migration 0133). */
export interface BlockedInstancesTable {
  host: string;
  blocked_at: string;
}

export interface FederationTables {
  blocked_instances: BlockedInstancesTable;
  remote_actors: RemoteActorsTable;
  federation_keys: FederationKeysTable;
  federation_follows: FederationFollowsTable;
  federation_kv: FederationKvTable;
  federated_posts: FederatedPostsTable;
  federated_comments: FederatedCommentsTable;
  federated_comment_notes: FederatedCommentNotesTable;
}
