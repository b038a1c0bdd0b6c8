/** Stand-ins for stories tests: people and their stories with only the fields a test cares about, and the stories list body. */
import type { PublicUser, Story, StoryGroup } from '@plaza/contract';

export function person(id: string, fullName = `Person ${id}`): PublicUser {
  return { _id: id, userName: `user_${id}`, fullName, userImage: null, userBio: null, createdAt: '2025-01-01T00:00:00.000Z' };
}

export function story(id: string, user: PublicUser, overrides: Partial<Story> = {}): Story {
  return {
    _id: id,
    user,
    mediaUrl: `/media/stories/${id}.webp`,
    mediaType: 'image',
    caption: `Caption ${id}`,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    viewed: false,
    ...overrides,
  };
}

export function group(user: PublicUser, stories: Story[]): StoryGroup {
  return { user, stories, hasUnviewed: stories.some((s) => !s.viewed) };
}

/** The body of GET /users/u/stories/all for these groups. */
export const storiesBody = (groups: StoryGroup[]) => ({ success: true, groupedStories: groups, stories: groups.flatMap((g) => g.stories) });
