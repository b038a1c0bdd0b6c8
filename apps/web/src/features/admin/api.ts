/** Moderation (CONTRACT "Wave 2 additions → Safety"): the report queue, resolutions and the audit log. */
import type { OperationResponse, ResolveReportBody } from '@plaza/contract';
import { operations } from '../../api/operations';
import { operationRequest } from '../../api/operation';
import { plazaApi } from '../../api/plaza-api';

type ReportsPage = OperationResponse<typeof operations.listReports>;
type AuditPage = OperationResponse<typeof operations.listAudit>;

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
    resolveReport: build.mutation<unknown, ResolveReportBody & { reportId: string }>({
      query: ({ reportId, ...body }) => operationRequest(operations.resolveReport, { params: { reportId }, body }),
      // A removal or suspension changes what everyone's lists show.
      invalidatesTags: (result) => (result ? ['Reports', 'Feed', 'Comments', 'Stories', 'Messages', 'Search', 'Network'] : []),
    }),
  }),
});

export const { useReportsQuery, useAuditQuery, useResolveReportMutation } = adminApi;
