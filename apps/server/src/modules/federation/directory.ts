/**
 * People of other servers: finds one by handle (`@name@host[:port]`) or profile address through WebFinger
 * and their actor document (Fedify's lookups, which refuse private, loopback and link-local addresses
 * unless ALLOW_PRIVATE_ADDRESSES=true), and keeps them as a `users` row plus how to reach them.
 */
import type { Federation } from '@fedify/fedify';
import { isActor, type Actor } from '@fedify/vocab';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@plaza/contract';
import type { AppContext } from '../../context';
import { nowIso } from '../../lib/ids';
import { remotePeopleRepo } from '../users';
import { textOfHtml } from './note-html';
import { instancesRepo } from './instances-repo';
import { remoteActorsRepo } from './remote-actors-repo';
import { remoteAvatars } from './remote-avatars';

/** How long a search may wait for the other server. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * How long a handle nobody answered for is not asked after again. The search box asks as the person types,
 * so `@bob@ho`, `@bob@hos`… each name a server that does not exist before `@bob@host.example` does.
 */
const MISS_TTL_MS = 60_000;

const HANDLE = /^@?([a-z0-9_.-]{1,100})@((?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?)$/i;

/** `name@host[:port]` of a query that is a fediverse handle, or null. */
export function handleIn(query: string): { name: string; host: string } | null {
  const m = HANDLE.exec(query.trim());
  return m ? { name: m[1], host: m[2].toLowerCase() } : null;
}

// Long: a service; each method is short and shares the repositories, the avatar store and the miss cache made once here.
export function remoteDirectory(ctx: AppContext, federation: Federation<void>) {
  const actors = remoteActorsRepo(ctx.db);
  const avatars = remoteAvatars(ctx);
  const instances = instancesRepo(ctx.db);
  const context = () => federation.createContext(new URL(ctx.config.publicUrl), undefined);

  /**
   * Stores (or refreshes) a remote actor; its user id, or null for an actor Plaza cannot befriend. Their
   * avatar follows in the background when their picture changed; what others see of them is told changed
   * (`profileChanged`) once each is stored, so posts and lists show them afresh.
   */
  async function remember(actor: Actor): Promise<string | null> {
    const inbox = actor.inboxId;
    if (!actor.id || !inbox || !actor.preferredUsername) return null;
    // Our own people are never remote.
    if (actor.id.origin === new URL(ctx.config.publicUrl).origin) return null;
    const host = actor.id.host.toLowerCase();
    const name = actor.preferredUsername.toString();
    // Their handle is their name in every address here (profiles, posts, chat): one too long for those is refused.
    if (`${name}@${host}`.length > LIMITS.handle.max) return null;
    const fullName = (actor.name?.toString().trim() || name).slice(0, 100);
    const summary = actor.summary?.toString();
    const profile = actor.url instanceof URL ? actor.url.href : actor.id.href;
    const known = await actors.byActorUrl(actor.id.href);
    const userId = await ctx.db.transaction().execute(async (trx) => {
      const userId = await remotePeopleRepo(trx).upsert(
        {
          handle: `${name}@${host}`,
          host,
          fullName,
          bio: summary ? textOfHtml(summary).slice(0, 300) || null : null,
          profileUrl: profile,
        },
        known?.user_id,
      );
      await remoteActorsRepo(trx).upsert({
        user_id: userId,
        actor_url: actor.id!.href,
        inbox_url: inbox.href,
        shared_inbox_url: actor.endpoints?.sharedInbox?.href ?? null,
        fetched_at: nowIso(),
      });
      return userId;
    });
    if (known) ctx.events.publish('profileChanged', { userId });
    ctx.events.track(
      avatars.refresh(userId, actor, { documentLoader: context().documentLoader }).then((changed) => {
        if (changed) ctx.events.publish('profileChanged', { userId });
      }),
    );
    return userId;
  }

  /**
   * Fedify's WebFinger client asks `https://host`; a server on plain http (local trials and tests, which
   * must allow private addresses anyway) is asked the same question over http.
   */
  async function actorUrlOverHttp(name: string, host: string, signal: AbortSignal): Promise<URL | null> {
    const url = new URL(`http://${host}/.well-known/webfinger`);
    url.searchParams.set('resource', `acct:${name}@${host}`);
    const res = await fetch(url, { headers: { accept: 'application/jrd+json' }, signal, redirect: 'error' });
    if (!res.ok) return null;
    const jrd = (await res.json()) as { links?: Array<{ rel?: string; type?: string; href?: string }> };
    const self = jrd.links?.find((l) => l.rel === 'self' && l.type?.includes('activity+json') && l.href);
    return self?.href ? new URL(self.href) : null;
  }

  const misses = new LRUCache<string, true>({ max: 10_000, ttl: MISS_TTL_MS });
  const asking = new Map<string, Promise<string | null>>();

  async function lookup(query: string, signal: AbortSignal): Promise<Actor | null> {
    const c = context();
    const handle = handleIn(query);
    const host = handle?.host ?? (URL.canParse(query.trim()) ? new URL(query.trim()).host : null);
    if (host && (await instances.isBlocked(host))) return null;
    if (handle) {
      const found = await c.lookupObject(`acct:${handle.name}@${handle.host}`, { signal }).catch(() => null);
      if (isActor(found)) return found;
      if (!ctx.config.allowPrivateAddresses) return null;
      const actorUrl = await actorUrlOverHttp(handle.name, handle.host, signal).catch(() => null);
      const viaHttp = actorUrl ? await c.lookupObject(actorUrl, { signal }).catch(() => null) : null;
      return isActor(viaHttp) ? viaHttp : null;
    }
    if (!/^https?:\/\//i.test(query.trim())) return null;
    const found = await c.lookupObject(query.trim(), { signal }).catch(() => null);
    return isActor(found) ? found : null;
  }

  return {
    remember,

    /** Whether a search query names a remote person (a handle or a profile address) rather than a name. */
    isRemoteQuery(query: string): boolean {
      const q = query.trim();
      return handleIn(q) !== null || /^https?:\/\/\S+$/i.test(q);
    },

    /**
     * The remote person a search names, stored; null when nobody answers within 5 seconds. The same query
     * asked again while one is under way waits for it, and one that found nobody is not asked again for a minute.
     */
    resolve(query: string): Promise<string | null> {
      const key = query.trim().toLowerCase();
      if (misses.has(key)) return Promise.resolve(null);
      const under = asking.get(key);
      if (under) return under;
      const answer = (async () => {
        const actor = await lookup(query, AbortSignal.timeout(LOOKUP_TIMEOUT_MS));
        if (!actor) misses.set(key, true);
        return actor ? remember(actor) : null;
      })().finally(() => asking.delete(key));
      asking.set(key, answer);
      return answer;
    },

    byUserId: (userId: string) => actors.byUserId(userId),
    byActorUrl: (actorUrl: string) => actors.byActorUrl(actorUrl),
  };
}
export type RemoteDirectory = ReturnType<typeof remoteDirectory>;
