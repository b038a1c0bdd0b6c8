/** Test helpers of the stories suites: friendships (shared with the posts suites) and story uploads. */
import { createStoryResponseSchema, storiesResponseSchema, type Story } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import { as, multipart, pngImage, type TestUser } from '../../../test/factories';
import { bodyOf } from '../../../test/replies';

/** Stories show to friends: the posts suites' helper writes the friendship (and links the timelines). */
export { befriend } from '../posts/testing';
export { realVideo, tinyMp4 } from '../../../test/videos';
/** Every recorded event handled and every job done (the stories' video jobs too). */
export { videosProcessed } from '../posts/testing';

export interface StoryFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export async function postStory(app: FastifyInstance, who: TestUser, file?: StoryFile, fields: Record<string, string> = {}) {
  const f = file ?? { data: await pngImage(320, 480) };
  const body = multipart(fields, [
    { field: 'media', filename: f.filename ?? 'story.png', contentType: f.contentType ?? 'image/png', data: f.data },
  ]);
  return as(app, who)({ method: 'POST', url: '/users/u/stories/create', ...body });
}

/** The stories `who` sees in their tray, flattened. */
export async function trayOf(app: FastifyInstance, who: TestUser): Promise<Story[]> {
  return bodyOf(await as(app, who)({ method: 'GET', url: '/users/u/stories/all' }), storiesResponseSchema).stories;
}

/** One of `who`'s own stories as their tray shows it now. */
export async function ownStory(app: FastifyInstance, who: TestUser, storyId: string): Promise<Story> {
  const story = (await trayOf(app, who)).find((s) => s._id === storyId);
  if (!story) throw new Error(`story ${storyId} is not in the tray`);
  return story;
}

/** Creates an image story and returns its id. */
export async function createStory(app: FastifyInstance, who: TestUser, caption?: string): Promise<string> {
  const res = await postStory(app, who, undefined, caption === undefined ? {} : { caption });
  if (res.statusCode !== 201) throw new Error(`story upload failed: ${res.statusCode} ${res.body}`);
  return bodyOf(res, createStoryResponseSchema).story._id;
}

/** Moves a story into the past, as if it had been posted `hours` ago. */
export async function ageStory(app: FastifyInstance, storyId: string, hours: number, ttlHours = 24): Promise<void> {
  const created = Date.now() - hours * 3_600_000;
  await app.ctx.db
    .updateTable('stories')
    .set({ created_at: new Date(created).toISOString(), expires_at: new Date(created + ttlHours * 3_600_000).toISOString() })
    .where('id', '=', storyId)
    .execute();
}
