/** Moderation (product.md § Safety and moderation): the report queue, resolutions, the audit log, addresses confirmed by hand. */
import type { OperationResponse, ResolveReportBody } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

type ReportsPage = OperationResponse<typeof operations.listReports>;
type AuditPage = OperationResponse<typeof operations.listAudit>;
type UnverifiedPage = OperationResponse<typeof operations.listUnverifiedAccounts>;

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
    resolveReport: build.mutation<unknown, ResolveReportBody & { reportId: string }>({
      query: ({ reportId, ...body }) => operationRequest(operations.resolveReport, { params: { reportId }, body }),
      // A removal or suspension changes what everyone's lists show.
      invalidatesTags: (result) => (result ? ['Reports', 'Feed', 'Comments', 'Stories', 'Messages', 'Search', 'Network'] : []),
    }),
  }),
});

export const { useReportsQuery, useAuditQuery, useResolveReportMutation, useUnverifiedAccountsQuery, useVerifyAccountEmailMutation } =
  adminApi;
