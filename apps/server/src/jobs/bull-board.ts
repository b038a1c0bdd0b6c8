/** bull-board's dashboard of the BullMQ queues, mounted by admin-routes.ts behind its admin guard. */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../mail';
import type { BullmqJobs } from './bullmq-queue';

/**
 * A queue on the board; a mail's text and HTML hold one-time links that open accounts, so admins see only
 * whom and what; a federation job's private keys are not shown either.
 */
function boardAdapter(queue: Queue): BullMQAdapter {
  const adapter = new BullMQAdapter(queue);
  if (queue.name === 'mail')
    adapter.setFormatter('data', (mail: Partial<OutgoingMail> | null) => ({ to: mail?.to, subject: mail?.subject, text: '(hidden)' }));
  // A delivery carries its sender's private keys (Fedify signs when it delivers): only its kind is shown.
  if (queue.name === 'federation')
    adapter.setFormatter('data', (job: { message?: { type?: unknown } } | null) => ({
      message: { type: job?.message?.type, rest: '(hidden)' },
    }));
  return adapter;
}

export async function registerBullBoard(board: FastifyInstance, jobs: BullmqJobs, basePath: string): Promise<void> {
  const adapter = new FastifyAdapter();
  createBullBoard({
    queues: jobs.bullQueues().map(boardAdapter),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Plaza jobs' } },
  });
  adapter.setBasePath(basePath);
  await board.register(adapter.registerPlugin());
}
