/**
 * The avatar of a person of another server, fetched when their actor names a picture Plaza has not fetched
 * yet (first sight, or an `Update(Person)` with a new `icon`), then processed and stored like an uploaded
 * avatar, so it is served from this server and the Content-Security-Policy stays `'self'`. Fetched through
 * the SSRF-safe client of link previews, images only, within an upload's size and 15 seconds; a picture
 * that cannot be fetched leaves the one before.
 */
import type { Actor } from '@fedify/vocab';
import { Image, Link } from '@fedify/vocab';
import { LIMITS } from '@plaza/contract';
import type { AppContext } from '../../context';
import { processImage } from '../../media/images';
import { safeClient } from '../link-previews';
import { remotePeopleRepo } from '../users';
import { remoteActorsRepo } from './remote-actors-repo';

const FETCH_TIMEOUT_MS = 15_000;

/** Fedify's document loader, for an icon given by address rather than inline. */
type IconLoader = Parameters<Actor['getIcon']>[0];

/** The address of an actor's picture, when it names one over http(s). */
async function iconUrlOf(actor: Actor, loader: IconLoader): Promise<string | null> {
  const icon = await actor.getIcon(loader).catch(() => null);
  const url = icon instanceof Image ? (icon.url instanceof Link ? icon.url.href : icon.url) : null;
  return url instanceof URL && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;
}

export function remoteAvatars(ctx: AppContext) {
  const client = safeClient({
    allowPrivateAddresses: ctx.config.allowPrivateAddresses,
    loopbackOnly: ctx.config.outboundLoopbackOnly,
    userAgent: `Plaza/1.0 (+${ctx.config.publicUrl})`,
  });
  const actors = remoteActorsRepo(ctx.db);
  const people = remotePeopleRepo(ctx.db);
  const log = ctx.log.child({ part: 'federation-avatars' });

  async function store(userId: string, url: string | null): Promise<void> {
    let files: { main: string; thumb: string } | null = null;
    if (url) {
      const fetched = await client.get(url, {
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: LIMITS.imageBytes,
        overflow: 'refuse',
        accept: 'image/*',
        acceptsType: (type) => type.startsWith('image/'),
      });
      const img = await processImage(fetched.body, { maxSize: 512, thumbSize: 96, square: true });
      const [main, thumb] = await Promise.all([
        ctx.storage.put('avatars', 'webp', img.main),
        ctx.storage.put('avatars', 'webp', img.thumb),
      ]);
      files = { main: main.url, thumb: thumb.url };
    }
    const before = await people.setAvatar(userId, files);
    await actors.setIcon(userId, url);
    for (const old of before) {
      const key = ctx.storage.keyOf(old);
      if (key) await ctx.storage.remove(key).catch((err: unknown) => log.warn({ err, key }, 'old avatar file not removed'));
    }
  }

  return {
    /** Brings the stored avatar of `userId` in line with `actor`'s icon; whether it changed. Never throws. */
    async refresh(userId: string, actor: Actor, loader: IconLoader): Promise<boolean> {
      try {
        const [url, known] = await Promise.all([iconUrlOf(actor, loader), actors.byUserId(userId)]);
        if (!known || (known.icon_url ?? null) === url) return false;
        await store(userId, url);
        return true;
      } catch (err) {
        log.info({ err, userId }, "a remote person's avatar could not be fetched; the one before stays");
        return false;
      }
    },
  };
}
