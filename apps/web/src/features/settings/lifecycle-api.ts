/** The account's lifecycle calls: the verification link again, a change of address, the data export, deleting the account. */
import type { DataExport, OperationBody, OperationResponse } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';
import { useAppSelector } from '../../app/hooks';

export const lifecycleApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<string, void>({
      query: () =>
        operationRequest(operations.resendVerification, {
          fallback: { error: 'Sending failed', message: 'We could not send a new link. Please try again.' },
        }),
      transformResponse: (res: { message: string }) => res.message,
    }),

    /** What the server can do: whether mail leaves it (the same for everyone, so read once). */
    instance: build.query<OperationResponse<typeof operations.getInstance>, void>({
      query: () => operationRequest(operations.getInstance),
      keepUnusedDataFor: 3600,
    }),

    /** Used with `fixedCacheKey: CHANGE_EMAIL_KEY`, so the banner and the card name the same pending address. */
    changeEmail: build.mutation<{ message: string; email: string }, OperationBody<typeof operations.changeEmail>>({
      query: (body) =>
        operationRequest(operations.changeEmail, {
          body,
          fallback: { error: 'Change failed', message: 'Your email address could not be changed.' },
        }),
      // The address asked for is kept with the answer: it is pending until its link is opened.
      transformResponse: (res: { message: string }, _meta, body) => ({ message: res.message, email: body.email }),
    }),

    /** The latest export; null when there is none (a 404). */
    latestExport: build.query<DataExport | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const res = await baseQuery(operationRequest(operations.getExport));
        if (res.error) return (res.error as { status?: number }).status === 404 ? { data: null } : { error: res.error };
        return { data: (res.data as { export: DataExport }).export };
      },
      providesTags: ['Me'],
    }),

    startExport: build.mutation<DataExport, void>({
      query: () =>
        operationRequest(operations.startExport, {
          fallback: { error: 'Export failed', message: 'Your export could not be started.' },
        }),
      transformResponse: (res: { export: DataExport }) => res.export,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(lifecycleApi.util.upsertQueryData('latestExport', undefined, data));
      },
    }),

    deleteAccount: build.mutation<void, OperationBody<typeof operations.deleteAccount>>({
      query: (body) =>
        operationRequest(operations.deleteAccount, {
          body,
          fallback: { error: 'Deletion failed', message: 'Your account could not be deleted.' },
        }),
      transformResponse: () => undefined,
    }),
  }),
});

export const {
  useInstanceQuery,
  useResendVerificationMutation,
  useChangeEmailMutation,
  useLatestExportQuery,
  useStartExportMutation,
  useDeleteAccountMutation,
} = lifecycleApi;

/** The one change of address asked for in this session: the card that asks and the banner both read it. */
export const CHANGE_EMAIL_KEY = 'change-email';

const selectChange = lifecycleApi.endpoints.changeEmail.select({ fixedCacheKey: CHANGE_EMAIL_KEY, requestId: undefined });

/** The address a change was asked for in this session and is waiting for its link, if any. */
export function usePendingEmail(): string | null {
  return useAppSelector((state) => {
    const change = selectChange(state);
    return change.isSuccess ? (change.data?.email ?? null) : null;
  });
}
