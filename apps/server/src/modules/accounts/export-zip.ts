/**
 * Writes a person's data as a zip: profile, posts, comments, reactions, messages, groups (with what they
 * wrote there) and live stories as JSON, and their media files under `media/`. Everything is read through
 * the owning features' APIs.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { AppContext } from '../../context';
import { presentSelfUser, userRepo, type UserRow } from '../users';
import type { ExportSources } from './export-service';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

export async function writeExportZip(ctx: AppContext, sources: ExportSources, user: UserRow, file: string): Promise<void> {
  const zip = new yazl.ZipFile();
  const addMedia = zipMedia(zip, ctx.storage);
  const mediaOf = (url: string | null) => addMedia(url ? ctx.storage.keyOf(url) : null);

  const [posts, comments, reactions, messages, groups, stories] = await Promise.all([
    sources.posts.authoredBy(user.id),
    sources.comments.writtenBy(user.id),
    sources.reactions.givenBy(user.id),
    sources.chat.messagesOf(user.id),
    sources.chat.groupsOf(user.id),
    sources.stories.liveOf(user.id),
  ]);

  zip.addBuffer(
    json({ exportedAt: new Date().toISOString(), user: presentSelfUser(user), avatar: await mediaOf(user.avatar_url) }),
    'profile.json',
  );

  const postsOut = [];
  for (const p of posts) {
    const images = [];
    for (const m of p.media) images.push({ file: await mediaOf(m.url), width: m.width, height: m.height });
    postsOut.push({
      id: p.id,
      content: p.content,
      createdAt: p.createdAt,
      images,
      reactionCounts: p.reactionCounts,
      commentsCount: p.commentsCount,
    });
  }
  zip.addBuffer(json(postsOut), 'posts.json');
  zip.addBuffer(json(comments), 'comments.json');
  zip.addBuffer(json(reactions), 'reactions.json');
  zip.addBuffer(json(await messagesWithNames(ctx, user, messages)), 'messages.json');
  // One's own messages in each group; what the other members wrote is theirs.
  zip.addBuffer(json(groups), 'groups.json');

  const storiesOut = [];
  for (const s of stories) {
    storiesOut.push({
      id: s.id,
      mediaType: s.mediaType,
      caption: s.caption,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      file: await addMedia(s.mediaKey),
    });
  }
  zip.addBuffer(json(storiesOut), 'stories.json');
  await writeZip(zip, file);
}

/** Adds a stored file once under `media/<folder>/<name>` and answers its path in the zip (null when missing). */
function zipMedia(zip: yazl.ZipFile, storage: AppContext['storage']) {
  const media = new Map<string, string>();
  return async (key: string | null): Promise<string | null> => {
    if (!key) return null;
    const known = media.get(key);
    if (known) return known;
    // On disk or in a bucket: looked up now, read again only when the zip reaches it, so no file is
    // held open meanwhile.
    const found = await storage.read(key);
    if (!found) return null;
    found.body.destroy();
    const inZip = `media/${key}`;
    zip.addReadStreamLazy(inZip, { compress: false }, (cb) => {
      // yazl wants a stream beside an error, and ignores it.
      const fail = (err: unknown) => cb(err, Readable.from([]));
      storage.read(key).then((media) => (media ? cb(null, media.body) : fail(new Error(`${key} went missing during the export`))), fail);
    });
    media.set(key, inZip);
    return inZip;
  };
}

/** One's direct messages, each sent or received, with the name of the person on the other side. */
async function messagesWithNames(ctx: AppContext, user: UserRow, messages: Awaited<ReturnType<ExportSources['chat']['messagesOf']>>) {
  const otherIds = [...new Set(messages.map((m) => (m.senderId === user.id ? m.receiverId : m.senderId)))];
  const others = new Map((await userRepo(ctx.db).findByIdsWithDeleted(otherIds)).map((u) => [u.id, u]));
  return messages.map((m) => {
    const sent = m.senderId === user.id;
    const other = others.get(sent ? m.receiverId : m.senderId);
    return {
      id: m.id,
      direction: sent ? 'sent' : 'received',
      with: other ? { id: other.id, userName: other.user_name, fullName: other.full_name } : null,
      text: m.text,
      createdAt: m.createdAt,
      readAt: m.readAt,
    };
  });
}

/** Written under a temporary name, so a half-written zip is never offered. */
async function writeZip(zip: yazl.ZipFile, file: string) {
  const partial = `${file}.partial`;
  zip.end();
  try {
    // Only Plaza's user may read someone's whole account, whatever the umask.
    await pipeline(zip.outputStream, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

export const exportFileName = (dir: string, id: string) => path.join(dir, `${id}.zip`);
