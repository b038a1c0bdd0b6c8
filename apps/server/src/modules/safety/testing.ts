/** Test helpers for blocks and mutes, for this feature's suites and for others that check what a block hides. */
import type { FastifyInstance } from 'fastify';
import { as, type TestUser } from '../../../test/factories';

/** Blocks or mutes, then waits for what the change sets off (an ended friendship's timelines and notifications). */
export async function act(app: FastifyInstance, who: TestUser, kind: 'block' | 'mute', target: TestUser, undo = false) {
  const res = await as(app, who)({ method: undo ? 'DELETE' : 'POST', url: `/users/${target.user._id}/${kind}` });
  if (res.statusCode !== 200) throw new Error(`${kind} failed: ${res.statusCode} ${res.body}`);
  await app.ctx.events.settled();
}
