/**
 * Link previews are made off the request path: a stored text's link waits here and is read once the answer
 * has gone. An in-process queue (two at a time, a bounded backlog) stands in for the job system; its one entry
 * point, `requestLinkPreview`, is what a job would call.
 */
import type { LinkPreviewTarget } from '@plaza/contract';
import type { Logger } from '../../lib/logger';

export interface LinkPreviewRequest {
  targetType: LinkPreviewTarget;
  targetId: string;
  /** Where the owner finds the text again (a message's conversation). */
  scope?: string;
  url: string;
}

const CONCURRENCY = 2;
/** Past this many waiting, new requests are dropped (their texts simply get no card): a flood never grows memory. */
const MAX_WAITING = 1000;

export function linkPreviewQueue(work: (request: LinkPreviewRequest) => Promise<void>, log: Logger) {
  const waiting: LinkPreviewRequest[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  function pump(): void {
    while (!stopped && running.size < CONCURRENCY && waiting.length > 0) {
      const next = waiting.shift()!;
      const job: Promise<void> = work(next)
        .catch((err: unknown) => log.warn({ err, target: next.targetType, id: next.targetId }, 'link preview failed'))
        .finally(() => {
          running.delete(job);
          pump();
        });
      running.add(job);
    }
  }

  return {
    requestLinkPreview(request: LinkPreviewRequest): void {
      if (stopped) return;
      if (waiting.length >= MAX_WAITING) {
        log.warn({ target: request.targetType, id: request.targetId }, 'link preview queue full; request dropped');
        return;
      }
      waiting.push(request);
      pump();
    },

    /** Stops taking work and waits for what is running. */
    async stop(): Promise<void> {
      stopped = true;
      waiting.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}
