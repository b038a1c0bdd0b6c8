/** The signed-in user's own account (product.md § Settings and your data): read, edit, photo, password. */
import type { OperationBody, OperationResponse, SelfUser } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { sameSession } from '../connections';

export interface AvatarUpload {
  file: File;
  onProgress: (fraction: number) => void;
}

/** getMe, updateMe and uploadAvatar all answer the account as the server now has it. */
const toUser = (res: OperationResponse<typeof operations.getMe>) => res.user;

export const accountApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<SelfUser, void>({
      query: () => operationRequest(operations.getMe),
      transformResponse: toUser,
      providesTags: ['Me'],
    }),

    updateMe: build.mutation<SelfUser, OperationBody<typeof operations.updateMe>>({
      query: (body) =>
        operationRequest(operations.updateMe, {
          body,
          fallback: { error: 'Save failed', message: 'Your profile could not be saved.' },
        }),
      transformResponse: toUser,
      onQueryStarted: (_arg: unknown, lifecycle: SavedAccountLifecycle) => storeSavedAccount(lifecycle),
      invalidatesTags: (user) => (user ? [{ type: 'Profile', id: user._id }] : []),
    }),

    uploadAvatar: build.mutation<SelfUser, AvatarUpload>({
      query: ({ file, onProgress }) =>
        operationRequest(operations.uploadAvatar, {
          form: { avatar: file },
          onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : 0),
          fallback: { error: 'Upload failed', message: 'The photo could not be uploaded.' },
        }),
      transformResponse: toUser,
      onQueryStarted: (_arg: unknown, lifecycle: SavedAccountLifecycle) => storeSavedAccount(lifecycle),
      invalidatesTags: (user) => (user ? [{ type: 'Profile', id: user._id }] : []),
    }),

    changePassword: build.mutation<void, OperationBody<typeof operations.changePassword>>({
      query: (body) =>
        operationRequest(operations.changePassword, {
          body,
          fallback: { error: 'Password change failed', message: 'Your password could not be changed.' },
        }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useMeQuery, useUpdateMeMutation, useUploadAvatarMutation, useChangePasswordMutation } = accountApi;

interface SavedAccountLifecycle {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: SelfUser }>;
}

/** The account as the server now has it, once saved (the own profile refetches by tag). */
async function storeSavedAccount({ dispatch, queryFulfilled, ...lifecycle }: SavedAccountLifecycle): Promise<void> {
  const stillSignedIn = sameSession(() => lifecycle.getState());
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (data && stillSignedIn()) void dispatch(accountApi.util.upsertQueryData('me', undefined, data));
}
