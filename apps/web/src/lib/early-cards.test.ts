import type { LinkPreview } from '@plaza/contract';
import { describe, expect, it, vi } from 'vitest';
import { holdEarlyCard, withEarlyCard } from './early-cards';

const card: LinkPreview = { url: 'https://example.test/a', title: 'A', description: null, image: null, siteName: null };

describe('link cards that arrive before their item', () => {
  it('go onto the item when its answer adds it, once', () => {
    holdEarlyCard('post', 'p1', card);
    expect(withEarlyCard('post', { _id: 'p1', linkPreview: null }).linkPreview).toEqual(card);
    expect(withEarlyCard('post', { _id: 'p1', linkPreview: null }).linkPreview).toBeNull();
  });

  it('never replace a card the item has, nor reach another kind of item with the same id', () => {
    const own = { ...card, title: 'Own' };
    holdEarlyCard('comment', 'c1', card);
    expect(withEarlyCard('message', { _id: 'c1', linkPreview: null }).linkPreview).toBeNull();
    expect(withEarlyCard('comment', { _id: 'c1', linkPreview: own }).linkPreview).toEqual(own);
  });

  it('wait a minute at most', () => {
    vi.useFakeTimers();
    try {
      holdEarlyCard('message', 'm1', card);
      vi.advanceTimersByTime(61_000);
      expect(withEarlyCard('message', { _id: 'm1', linkPreview: null }).linkPreview).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
