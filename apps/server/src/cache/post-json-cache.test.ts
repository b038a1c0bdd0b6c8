import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../lib/events';
import { postJsonCache } from './post-json-cache';

describe('the post JSON cache', () => {
  const MAX_AGE_MS = 10_000;
  const setup = () => {
    let clock = 1_000_000;
    const rendered: string[][] = [];
    const renderPage = postJsonCache(new EventBus(pino({ level: 'silent' })), {
      maxAgeMs: MAX_AGE_MS,
      now: () => clock,
      render: async (ids) => {
        rendered.push(ids);
        return ids.map((id) => ({ id, authorId: 'author', body: { _id: id, text: `post ${id}` } }));
      },
    });
    return { renderPage, rendered, advance: (ms: number) => (clock += ms) };
  };
  const rows = (...ids: string[]) => ids.map((id) => [id, null, 0] as const);

  it('serves a post again from memory within its maximum age', async () => {
    const { renderPage, rendered } = setup();
    await renderPage(rows('a', 'b'));
    const page = JSON.parse(Buffer.concat(await renderPage(rows('b', 'a'))).toString()) as Array<{ _id: string }>;
    expect(page.map((p) => p._id)).toEqual(['b', 'a']);
    expect(rendered).toEqual([['a', 'b']]);
  });

  it('lets go of posts no page has asked for since well past their maximum age, so memory stays level', async () => {
    const { renderPage, advance } = setup();
    // An hour of pages, each minute showing posts nobody reads again: what is held stays bounded.
    for (let minute = 0; minute < 60; minute++) {
      await renderPage(rows(...Array.from({ length: 50 }, (_, i) => `m${minute}-${i}`)));
      advance(60_000);
    }
    expect(renderPage.cachedPosts()).toBeLessThanOrEqual(150);
    // A post shown again after its maximum age is read afresh and held again.
    await renderPage(rows('m0-0'));
    expect(renderPage.cachedPosts()).toBeGreaterThan(0);
  });
});
