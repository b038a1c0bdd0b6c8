/** The card a link would get, asked for by the composer as its author types (product.md § Link previews). */
import type { LinkPreview, OperationResponse } from '@plaza/contract';
import { operationRequest } from '../../api/operation';
import { operations } from '../../api/operations';
import { plazaApi } from '../../api/plaza-api';

const linkPreviewApi = plazaApi.injectEndpoints({
  endpoints: (build) => ({
    getLinkPreview: build.query<LinkPreview | null, string, OperationResponse<typeof operations.getLinkPreview>>({
      query: (url) => operationRequest(operations.getLinkPreview, { query: { url } }),
      transformResponse: (r) => r.linkPreview,
      // A link typed again soon after is answered from here; the server caches cards for a day anyway.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetLinkPreviewQuery } = linkPreviewApi;
