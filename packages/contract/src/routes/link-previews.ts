/** The operation of link preview cards (product.md § Link previews). */
import { linkPreviewQuerySchema, linkPreviewResponseSchema } from '../link-previews';
import { defineOperation } from '../operation';

export const linkPreviewOperations = {
  getLinkPreview: defineOperation({
    operationId: 'getLinkPreview',
    method: 'GET',
    path: '/link-preview',
    summary: 'The card a link would get, for the composer to show before posting',
    description:
      'Reads the page (at most 1 MB of HTML, 5 s, public addresses only) or answers the card made earlier; `linkPreview` is null when the page has nothing to show or cannot be read.',
    tags: ['linkPreviews'],
    auth: true,
    querystring: linkPreviewQuerySchema,
    responses: { 200: linkPreviewResponseSchema },
    errors: [400, 401, 429],
  }),
};
