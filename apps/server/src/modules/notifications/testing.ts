/** Test helpers for suites that check what was notified. */
import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../../../test/factories';

/** Someone's stored notifications, oldest first, once everything already set off has been written. */
export async function notificationsOf(app: FastifyInstance, who: TestUser) {
  await app.ctx.events.settled();
  return app.ctx.db.selectFrom('notifications').selectAll().where('recipient_id', '=', who.user._id).orderBy('id').execute();
}
