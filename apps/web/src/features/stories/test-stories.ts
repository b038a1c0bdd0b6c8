/** Stand-ins for stories tests: people and their stories with only the fields a test cares about, and a server. */
import type { PublicUser, Story, StoryGroup } from '@plaza/contract';
import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { api } from '../../api/client';

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

export interface StoriesRequest {
  method: string;
  url: string;
}

/** Answers every request of the app's axios instance with `handler` (status 0: the network is down), and records it. */
export function stubServer(handler: (request: StoriesRequest) => { status: number; data?: unknown }) {
  const requests: StoriesRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '' };
    requests.push(request);
    const { status, data } = handler(request);
    const response: AxiosResponse = { status, data, statusText: String(status), headers: {}, config };
    if (status === 0) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, String(status), config, {}, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return requests;
}

/** The body of GET /users/u/stories/all for these groups. */
export const storiesBody = (groups: StoryGroup[]) => ({ success: true, groupedStories: groups, stories: groups.flatMap((g) => g.stories) });
