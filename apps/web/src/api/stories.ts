/** Calls of stories (SPEC §7 "Stories", CONTRACT "Stories"). */
import type { CreateStoryResponse, StoriesResponse, StoryViewersResponse, ViewStoryResponse } from '@plaza/contract';
import { api } from './client';

export const storiesApi = {
  all: () => api.get<StoriesResponse>('/users/u/stories/all').then((r) => r.data),

  create(media: File, caption: string, onProgress?: (fraction: number) => void) {
    const form = new FormData();
    // The caption goes first so the server can refuse a bad one before reading a large file.
    if (caption.trim()) form.append('caption', caption.trim());
    form.append('media', media);
    return api
      .post<CreateStoryResponse>('/users/u/stories/create', form, {
        onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
      })
      .then((r) => r.data.story);
  },

  view: (storyId: string) => api.post<ViewStoryResponse>(`/users/u/stories/s/${encodeURIComponent(storyId)}/view`).then((r) => r.data),

  remove: (storyId: string) => api.delete(`/users/u/stories/s/${encodeURIComponent(storyId)}`).then(() => undefined),

  viewers: (storyId: string) =>
    api.get<StoryViewersResponse>(`/users/u/stories/s/${encodeURIComponent(storyId)}/viewers`).then((r) => r.data),
};
