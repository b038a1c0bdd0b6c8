/** The account's lifecycle calls: the verification link again, a change of address, the data export, deleting the account. */
import type { DataExport, OperationBody } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

export const lifecycleApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<string, void>({
      query: () =>
        operationRequest(operations.resendVerification, {
          fallback: { error: 'Sending failed', message: 'We could not send a new link. Please try again.' },
        }),
      transformResponse: (res: { message: string }) => res.message,
    }),

    changeEmail: build.mutation<string, OperationBody<typeof operations.changeEmail>>({
      query: (body) =>
        operationRequest(operations.changeEmail, {
          body,
          fallback: { error: 'Change failed', message: 'Your email address could not be changed.' },
        }),
      transformResponse: (res: { message: string }) => res.message,
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
  useResendVerificationMutation,
  useChangeEmailMutation,
  useLatestExportQuery,
  useStartExportMutation,
  useDeleteAccountMutation,
} = lifecycleApi;
