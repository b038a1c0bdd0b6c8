/** How views, new stories, deletions and view counts change the cached story groups: pure functions on drafts. */
import type { Story, StoryGroup } from '@plaza/contract';
import { findStory } from './navigation';

function storyById(groups: StoryGroup[], storyId: string): Story | undefined {
  const at = findStory(groups, storyId);
  return at ? groups[at.groupIndex].stories[at.storyIndex] : undefined;
}

/** Keeps each group's `hasUnviewed` true to its stories. */
function settle(groups: StoryGroup[]): void {
  for (const group of groups) group.hasUnviewed = group.stories.some((s) => !s.viewed);
}

/** The server's groups, with the stories watched in this browser marked viewed. */
export function withViewed(groups: StoryGroup[], viewedIds: readonly string[]): StoryGroup[] {
  const viewed = new Set(viewedIds);
  const marked = groups.map((group) => ({
    ...group,
    stories: group.stories.map((s) => (viewed.has(s._id) ? { ...s, viewed: true } : s)),
  }));
  settle(marked);
  return marked;
}

export function setViewed(groups: StoryGroup[], storyId: string, viewed: boolean): void {
  const story = storyById(groups, storyId);
  if (story) story.viewed = viewed;
  settle(groups);
}

/** Groups play oldest first, so a new story goes last in the caller's group, and that group first. */
export function addOwnStory(groups: StoryGroup[], story: Story): void {
  const ownIndex = groups.findIndex((g) => g.user._id === story.user._id);
  const own = ownIndex >= 0 ? groups.splice(ownIndex, 1)[0] : { user: story.user, stories: [], hasUnviewed: false };
  own.stories.push(story);
  groups.unshift(own);
  settle(groups);
}

/** Removes a story; a group left empty goes too. */
export function removeStory(groups: StoryGroup[], storyId: string): void {
  for (const group of groups) group.stories = group.stories.filter((s) => s._id !== storyId);
  for (let i = groups.length - 1; i >= 0; i--) if (groups[i].stories.length === 0) groups.splice(i, 1);
  settle(groups);
}

export function setViewCount(groups: StoryGroup[], storyId: string, viewCount: number): void {
  const story = storyById(groups, storyId);
  if (story) story.viewCount = viewCount;
}
