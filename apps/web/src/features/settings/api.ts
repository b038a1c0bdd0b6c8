/** The signed-in user's own account (CONTRACT "beyond SPEC, for settings"): read, edit, photo, password. */
import type { ChangePasswordBody, MeResponse, SelfUser, UpdateMeBody } from '@plaza/contract';
import { plazaApi } from '../../api/plaza-api';
import { sameSession } from '../connections';

export interface AvatarUpload {
  file: File;
  onProgress(fraction: number): void;
}

const toUser = (res: MeResponse) => res.user;

export const accountApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<SelfUser, void>({
      query: () => '/users/me',
      transformResponse: toUser,
      providesTags: ['Me'],
    }),

    updateMe: build.mutation<SelfUser, UpdateMeBody>({
      query: (body) => ({
        url: '/users/me',
        method: 'PATCH',
        body,
        fallback: { error: 'Save failed', message: 'Your profile could not be saved.' },
      }),
      transformResponse: toUser,
      // The account as the server now has it (the own profile refetches by tag).
      async onQueryStarted(_, { dispatch, getState, queryFulfilled }) {
        const stillSignedIn = sameSession(getState);
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && stillSignedIn()) dispatch(accountApi.util.upsertQueryData('me', undefined, data));
      },
      invalidatesTags: (user) => (user ? [{ type: 'Profile', id: user._id }] : []),
    }),

    uploadAvatar: build.mutation<SelfUser, AvatarUpload>({
      query: ({ file, onProgress }) => {
        const form = new FormData();
        form.append('avatar', file);
        return {
          url: '/users/me/avatar',
          method: 'POST',
          body: form,
          onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
          fallback: { error: 'Upload failed', message: 'The photo could not be uploaded.' },
        };
      },
      transformResponse: toUser,
      // The account as the server now has it (the own profile refetches by tag).
      async onQueryStarted(_, { dispatch, getState, queryFulfilled }) {
        const stillSignedIn = sameSession(getState);
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data && stillSignedIn()) dispatch(accountApi.util.upsertQueryData('me', undefined, data));
      },
      invalidatesTags: (user) => (user ? [{ type: 'Profile', id: user._id }] : []),
    }),

    changePassword: build.mutation<void, ChangePasswordBody>({
      query: (body) => ({
        url: '/users/me/password',
        method: 'POST',
        body,
        fallback: { error: 'Password change failed', message: 'Your password could not be changed.' },
      }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useMeQuery, useUpdateMeMutation, useUploadAvatarMutation, useChangePasswordMutation } = accountApi;
