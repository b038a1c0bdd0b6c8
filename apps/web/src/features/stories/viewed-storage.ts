/**
 * The ids of stories this browser has watched (product.md § Stories), so a refetch that races a view, or a view the
 * server has not recorded yet, never shows a watched story as new again.
 */
import { STORAGE_KEYS } from '@plaza/contract';

/** Stories live a day; a few hundred ids cover far more than anyone watches in one. */
const MAX_REMEMBERED = 500;

export function readViewedIds(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.viewedStories) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeViewedIds(ids: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.viewedStories, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the server still knows what was watched.
  }
}

export function rememberViewed(storyId: string): void {
  writeViewedIds([...readViewedIds().filter((id) => id !== storyId), storyId]);
}

export function forgetViewed(storyId: string): void {
  const ids = readViewedIds();
  if (ids.includes(storyId)) writeViewedIds(ids.filter((id) => id !== storyId));
}
