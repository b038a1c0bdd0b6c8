/**
 * What other servers read about Plaza's people: a Person actor per local account (the bio as `summary`,
 * the avatar as `icon`, friend requests needing approval: `manuallyApprovesFollowers`), their key pairs,
 * outbox and followers, found by WebFinger under their user name; and NodeInfo 2.1 about the server.
 */
import type { Context, Federation } from '@fedify/fedify';
import { Endpoints, Image, Person } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { version } from '../../../package.json';
import { userRepo, type UserRow } from '../users';
import { AP_PATHS } from './fedify';
import { followsRepo } from './follows-repo';
import type { KeyStore } from './keys';

/**
 * The web app's page of a local account (product.md § Screens and routes), which Mastodon opens as the
 * original profile. The route names the signed-in visitor first; the page reads the visitor from the
 * session, so a link from elsewhere names the account's owner there.
 */
const profilePageUrl = (origin: string | URL, userName: string) =>
  new URL(`/network/u/profile/${encodeURIComponent(userName)}/visited/${encodeURIComponent(userName)}`, origin);

/** The Person of a local account, as its actor document and an `Update(Person)` show it. */
export async function personOf(c: Context<void>, user: UserRow): Promise<Person> {
  const pairs = await c.getActorKeyPairs(user.id);
  return new Person({
    id: c.getActorUri(user.id),
    preferredUsername: user.user_name,
    url: profilePageUrl(c.origin, user.user_name),
    name: user.full_name,
    summary: user.user_bio,
    icon: user.avatar_url ? new Image({ url: new URL(user.avatar_url, c.origin) }) : null,
    inbox: c.getInboxUri(user.id),
    outbox: c.getOutboxUri(user.id),
    followers: c.getFollowersUri(user.id),
    endpoints: new Endpoints({ sharedInbox: c.getInboxUri() }),
    manuallyApprovesFollowers: true,
    publicKey: pairs[0]?.cryptographicKey,
    assertionMethods: pairs.map((p) => p.multikey),
  });
}

export function registerActors(ctx: AppContext, federation: Federation<void>, keys: KeyStore): void {
  const users = userRepo(ctx.db);
  const follows = followsRepo(ctx.db);
  const origin = new URL(ctx.config.publicUrl);

  /** A local, existing account's row, or null (remote people and deleted accounts have no actor here). */
  const localUser = async (id: string) => {
    const user = await users.findById(id);
    return user && !user.deleted_at && !user.remote_host ? user : null;
  };

  federation
    .setActorDispatcher(AP_PATHS.actor, async (c, identifier) => {
      const user = await localUser(identifier);
      return user ? personOf(c, user) : null;
    })
    // WebFinger asks for acct:name@host; the actor's address uses the account's id.
    .mapHandle(async (_c, userName) => {
      const user = await users.findByUserName(userName);
      return user && !user.remote_host ? user.id : null;
    })
    .setKeyPairsDispatcher(async (_c, identifier) => {
      if (!(await localUser(identifier))) return [];
      const { rsa, ed25519 } = await keys.pairsOf(identifier);
      return [rsa, ed25519];
    });

  // Posts do not federate yet: the outbox is there, and empty.
  federation.setOutboxDispatcher(AP_PATHS.outbox, () => ({ items: [] }));

  federation.setFollowersDispatcher(AP_PATHS.followers, async (_c, identifier) => {
    const rows = await follows.acceptedFollowersOf(identifier);
    return {
      items: rows.map((r) => ({
        id: new URL(r.actor_url),
        inboxId: new URL(r.inbox_url),
        endpoints: r.shared_inbox_url ? { sharedInbox: new URL(r.shared_inbox_url) } : null,
      })),
    };
  });

  federation.setNodeInfoDispatcher(AP_PATHS.nodeInfo, async () => ({
    software: { name: 'plaza', version, homepage: origin },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: { users: { total: await users.countLocal() }, localPosts: 0, localComments: 0 },
  }));
}
