/**
 * CPU profiles of the server's named worker threads (the chat's SQLite writer, `chat-writer`), taken
 * through the main thread's inspector session: the main thread's profile does not see them, and their CPU
 * time is part of the process's. Unnamed threads (tsx's module loader when run from source) are left out.
 */
import type { Session } from 'node:inspector/promises';

interface Attached {
  sessionId: string;
  /** The name the thread was started with. */
  name: string;
}

export function threadProfiler(session: Session) {
  const workers = new Map<string, Attached>();
  const waiting = new Map<number, (result: unknown) => void>();
  let nextId = 1;

  session.on('NodeWorker.attachedToWorker', ({ params }) => {
    // The title is "[worker 3] chat-writer": the name comes after the number.
    const name = params.workerInfo.title.replace(/^\[worker \d+\]\s*/, '');
    if (name) workers.set(params.sessionId, { sessionId: params.sessionId, name });
  });
  session.on('NodeWorker.detachedFromWorker', ({ params }) => {
    workers.delete(params.sessionId);
  });
  session.on('NodeWorker.receivedMessageFromWorker', ({ params }) => {
    const msg = JSON.parse(params.message) as { id?: number; result?: unknown };
    const resolve = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!resolve) return;
    waiting.delete(msg.id!);
    resolve(msg.result);
  });

  const send = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void session.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method }) });
    });

  return {
    /** Attaches to the threads running now and to those started later. */
    enable: () => session.post('NodeWorker.enable', { waitForDebuggerOnStart: false }),
    async start(): Promise<void> {
      for (const w of workers.values()) {
        await send(w.sessionId, 'Profiler.enable');
        await send(w.sessionId, 'Profiler.start');
      }
    },
    /** One profile per thread still running. */
    async stop(): Promise<Array<{ name: string; profile: unknown }>> {
      const out: Array<{ name: string; profile: unknown }> = [];
      for (const w of workers.values()) {
        const result = (await send(w.sessionId, 'Profiler.stop')) as { profile?: unknown } | undefined;
        if (result?.profile) out.push({ name: w.name, profile: result.profile });
      }
      return out;
    },
  };
}
