/** Demo stories: a few from the first dozen people (the demo user's friends-to-be) and one by the demo user, with some views. */
import { newId, nowIso } from '../lib/ids';
import type { UserRow } from '../modules/users';
// The seed writes rows in bulk, without the rules or events of a request: it alone reaches into features' repos.
import { storyRepo, type StoryRow } from '../modules/stories/repo';
import { encodeStoryImage } from '../modules/stories/story-image';
import { scenePng } from './avatars';
import type { SeedStep } from './steps';

const HOUR_MS = 3_600_000;

/** [text drawn on the picture, caption or null]; plain text only, since it goes into SVG. */
const SCENES: Array<[string, string | null]> = [
  ['Morning hike', 'Made it to the top before sunrise'],
  ['Coffee break', null],
  ['New plant', 'Number 24 joined the family'],
  ['Weekend', 'Finally some sun!'],
  ['Trail run', null],
  ['Golden hour', 'No filter needed'],
  ['Road trip', 'Next stop: the coast'],
  ['Studio day', null],
  ['Market finds', 'Fresh figs and too many tomatoes'],
  ['City lights', null],
  ['Lake day', 'Water was freezing, worth it'],
  ['Sketchbook', 'Trying watercolours again'],
];

export const storiesSeedStep: SeedStep = {
  name: 'stories',
  async run(ctx, people, log) {
    const stories = storyRepo(ctx.db);
    const now = nowIso();
    const existing = await ctx.db
      .selectFrom('stories')
      .select('id')
      .where('user_id', '=', people.demo.id)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (existing) {
      log('The demo user already has live stories; leaving stories alone.');
      return;
    }
    const authors = people.all.filter((u) => u.id !== people.demo.id).slice(0, 12);
    const created: StoryRow[] = [];
    const add = async (user: UserRow, seed: number, hoursAgo: number) => {
      const [drawn, caption] = SCENES[seed % SCENES.length];
      const png = await scenePng(seed * 3 + 1, 1080, 1920, drawn);
      const media = await ctx.storage.put('stories', 'webp', await encodeStoryImage(png, 'png'));
      const at = Date.now() - hoursAgo * HOUR_MS;
      const row: StoryRow = {
        id: newId(),
        user_id: user.id,
        media_url: media.url,
        media_type: 'image',
        poster_url: null,
        status: null,
        source_key: null,
        caption,
        created_at: new Date(at).toISOString(),
        expires_at: new Date(at + ctx.config.storyTtlHours * HOUR_MS).toISOString(),
      };
      await stories.insert(row);
      created.push(row);
    };

    let seed = 0;
    for (const [i, author] of authors.entries()) {
      // One to three stories each, spread over the last twenty hours.
      for (let k = 0; k <= i % 3; k++) await add(author, seed++, Math.max(0.2, 20 - i * 1.5 - k * 0.7));
    }
    await add(people.demo, seed++, 2);

    // The demo user has already watched the first three people's stories, so the tray shows both states.
    const at = nowIso();
    for (const row of created.filter((s) => authors.slice(0, 3).some((a) => a.id === s.user_id)))
      await stories.recordView(row.id, people.demo.id, at);
    const demoStory = created[created.length - 1];
    for (const viewer of authors.slice(0, 5)) await stories.recordView(demoStory.id, viewer.id, at);

    log(`Created ${created.length} stories by ${authors.length + 1} people.`);
  },
};
