/**
 * Builds the link-previews feature once per app. A feature that stores a text with a link publishes
 * `linkPreviewWanted` after its commit; the card is made off the request path and published as `linkPreviewMade`
 * for that feature to store on its row, which then publishes `linkPreviewStored` to tell the people who see it.
 */
import type { AppContext, Feature } from '../../context';
import { linkCards } from './cards';
import { linkPreviewsLive } from './live';
import { linkPreviewQueue } from './queue';
import { linkPreviewRoutes } from './routes';

const SWEEP_EVERY_MS = 3_600_000;

export function createLinkPreviewsFeature(ctx: AppContext): Feature {
  const cards = linkCards(ctx);
  const log = ctx.log.child({ feature: 'link-previews' });
  const queue = linkPreviewQueue(async ({ url, ...target }) => {
    const linkPreview = await cards.cardFor(url);
    if (linkPreview) ctx.events.publish('linkPreviewMade', { ...target, linkPreview });
  }, log);

  return {
    name: 'link-previews',
    routes: (app, c) => linkPreviewRoutes(app, c, { cards }),
    realtime: linkPreviewsLive(ctx),
    start: () => {
      const unsubscribe = ctx.config.linkPreviews.enabled
        ? ctx.events.subscribe('linkPreviewWanted', (request) => queue.requestLinkPreview(request))
        : () => undefined;
      const sweeper = setInterval(() => {
        cards.sweep().catch((err: unknown) => log.warn({ err }, 'link preview cache sweep failed'));
      }, SWEEP_EVERY_MS);
      sweeper.unref();
      return async () => {
        unsubscribe();
        clearInterval(sweeper);
        await queue.stop();
      };
    },
  };
}
