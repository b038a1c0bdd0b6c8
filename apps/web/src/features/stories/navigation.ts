/** Which story plays next or before, across people: pure, so the viewer and the slice agree. */
import type { StoryGroup } from '@plaza/contract';

export interface StoryPosition {
  groupIndex: number;
  storyIndex: number;
}

export function findStory(groups: StoryGroup[], storyId: string | null): StoryPosition | null {
  if (!storyId) return null;
  for (let groupIndex = 0; groupIndex < groups.length; groupIndex++) {
    const storyIndex = groups[groupIndex].stories.findIndex((s) => s._id === storyId);
    if (storyIndex >= 0) return { groupIndex, storyIndex };
  }
  return null;
}

/** A person's stories start at the first one not watched yet, or from the beginning when all were. */
export function firstToPlay(group: StoryGroup | undefined): string | null {
  if (!group || group.stories.length === 0) return null;
  return (group.stories.find((s) => !s.viewed) ?? group.stories[0])._id;
}

/** The next story of the same person, else the next person's first to play; null past the last person. */
export function storyAfter(groups: StoryGroup[], storyId: string): string | null {
  const at = findStory(groups, storyId);
  if (!at) return null;
  const group = groups[at.groupIndex];
  if (at.storyIndex + 1 < group.stories.length) return group.stories[at.storyIndex + 1]._id;
  for (let g = at.groupIndex + 1; g < groups.length; g++) {
    const next = firstToPlay(groups[g]);
    if (next) return next;
  }
  return null;
}

/** The previous story of the same person, else the previous person's first story; null at the very start. */
export function storyBefore(groups: StoryGroup[], storyId: string): string | null {
  const at = findStory(groups, storyId);
  if (!at) return null;
  if (at.storyIndex > 0) return groups[at.groupIndex].stories[at.storyIndex - 1]._id;
  for (let g = at.groupIndex - 1; g >= 0; g--) {
    const previous = groups[g].stories[0];
    if (previous) return previous._id;
  }
  return null;
}
