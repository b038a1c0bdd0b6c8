/** Calls of the signed-in user's own account. */
import type { ChangePasswordBody, MeResponse, UpdateMeBody } from '@plaza/contract';
import { api } from './client';

export const accountApi = {
  me: () => api.get<MeResponse>('/users/me').then((r) => r.data.user),
  update: (body: UpdateMeBody) => api.patch<MeResponse>('/users/me', body).then((r) => r.data.user),
  changePassword: (body: ChangePasswordBody) => api.post('/users/me/password', body).then(() => undefined),
  uploadAvatar(file: File, onProgress: (fraction: number) => void) {
    const form = new FormData();
    form.append('avatar', file);
    return api
      .post<MeResponse>('/users/me/avatar', form, { onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0) })
      .then((r) => r.data.user);
  },
};
