/** Moderation (product.md § Safety and moderation): the report queue, resolutions, the audit log, addresses confirmed by hand. */
import type { OperationResponse, ResolveReportBody } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

type ReportsPage = OperationResponse<typeof operations.listReports>;
type AuditPage = OperationResponse<typeof operations.listAudit>;
type UnverifiedPage = OperationResponse<typeof operations.listUnverifiedAccounts>;
type InstancesPage = OperationResponse<typeof operations.listInstances>;

export const adminApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    reports: build.query<ReportsPage, 'open' | 'resolved'>({
      query: (status) => operationRequest(operations.listReports, { query: { status, limit: 50 } }),
      providesTags: [{ type: 'Reports', id: 'LIST' }],
    }),
    audit: build.query<AuditPage, void>({
      query: () => operationRequest(operations.listAudit, { query: { limit: 50 } }),
      providesTags: [{ type: 'Reports', id: 'AUDIT' }],
    }),
    unverifiedAccounts: build.query<UnverifiedPage, void>({
      query: () => operationRequest(operations.listUnverifiedAccounts),
      providesTags: [{ type: 'Reports', id: 'UNVERIFIED' }],
    }),
    verifyAccountEmail: build.mutation<unknown, string>({
      query: (userId) =>
        operationRequest(operations.verifyAccountEmail, {
          params: { userId },
          fallback: { error: 'Not confirmed', message: 'The address could not be confirmed.' },
        }),
      invalidatesTags: [
        { type: 'Reports', id: 'UNVERIFIED' },
        { type: 'Reports', id: 'AUDIT' },
      ],
    }),
    instances: build.query<InstancesPage, void>({
      query: () => operationRequest(operations.listInstances),
      providesTags: [{ type: 'Reports', id: 'INSTANCES' }],
    }),
    setInstanceBlocked: build.mutation<unknown, { host: string; blocked: boolean }>({
      query: ({ host, blocked }) => operationRequest(blocked ? operations.blockInstance : operations.unblockInstance, { params: { host } }),
      invalidatesTags: [{ type: 'Reports', id: 'INSTANCES' }, 'Feed', 'Comments', 'Search', 'Network'],
    }),
    resolveReport: build.mutation<unknown, ResolveReportBody & { reportId: string }>({
      query: ({ reportId, ...body }) => operationRequest(operations.resolveReport, { params: { reportId }, body }),
      // A removal or suspension changes what everyone's lists show.
      invalidatesTags: (result) => (result ? ['Reports', 'Feed', 'Comments', 'Stories', 'Messages', 'Search', 'Network'] : []),
    }),
  }),
});

export const {
  useReportsQuery,
  useAuditQuery,
  useResolveReportMutation,
  useUnverifiedAccountsQuery,
  useVerifyAccountEmailMutation,
  useInstancesQuery,
  useSetInstanceBlockedMutation,
} = adminApi;
