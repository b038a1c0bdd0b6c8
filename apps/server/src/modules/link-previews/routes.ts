/** HTTP route of link previews (product.md § Link previews): the card the composer shows before posting. */
import { linkPreviewOperations as ops } from '@plaza/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { contractRoute } from '../../lib/contract-route';
import { makeRequireAuth } from '../../plugins/authenticate';
import { perUser } from '../../security/limits';
import type { LinkCards } from './cards';

export async function linkPreviewRoutes(fastify: FastifyInstance, ctx: AppContext, { cards }: { cards: LinkCards }) {
  contractRoute(fastify, ops.getLinkPreview, {
    onRequest: makeRequireAuth(ctx.auth),
    // Each ask may read a page on the web: a budget per person keeps Plaza from being anyone's crawler.
    preHandler: perUser(ctx.limits, 'linkPreviewsPerUser'),
    handler: async (req) => ({
      success: true as const,
      linkPreview: ctx.config.linkPreviews.enabled ? await cards.cardFor(req.query.url) : null,
    }),
  });
}
