/** Builds the moderation feature once per app, on the content parts of the features that own what can be reported. */
import type { AppContext, Feature } from '../../context';
import { accountReview } from './accounts';
import type { ContentParts } from './content';
import { queueService } from './queue-service';
import { reportService } from './report-service';
import { moderationRoutes } from './routes';

export function createModerationFeature(ctx: AppContext, deps: { content: ContentParts }): Feature {
  const reports = reportService(ctx, deps.content);
  const queue = queueService(ctx, deps.content);
  const accounts = accountReview(ctx.db, ctx.events);
  return { name: 'moderation', routes: (app, c) => moderationRoutes(app, c, { reports, queue, accounts }) };
}
