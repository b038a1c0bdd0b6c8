/**
 * Turns at SQLite's one write lock between the chat's writer thread and background writes on the
 * server's own connection (a post's fan-out batches). A fan-out batch is a transaction run on the event
 * loop; begun while a chat batch held the lock, it would sleep in SQLite's busy handler with the event
 * loop stopped, and a chat batch begun while it held the lock would wait for it on SQLite's growing
 * sleeps. So they take turns: a background write begins the moment no chat batch is out on the thread
 * (it is given its turn when the last one is answered, before the chat hands over its next), and a chat
 * batch is handed over once no background write is under way. Neither ever finds the lock taken by the
 * other; a chat batch waits at most for one background transaction. A background write waits for a turn
 * `maxWaitMs` at the most (a thread that stopped answering must not hold the fan-out up for long).
 */

export interface WriteTurns {
  /** Null when a chat batch may be handed over now; otherwise resolves when it may. */
  chatMayGo(): Promise<void> | null;
  /** A chat batch handed to the writer thread; call the answer when the thread has answered it. */
  out(): () => void;
  /** Runs a background write (one transaction) in its turn. */
  background<T>(write: () => Promise<T>): Promise<T>;
}

export function writeTurns(opts: { maxWaitMs?: number } = {}): WriteTurns {
  const maxWaitMs = opts.maxWaitMs ?? 100;
  /** Chat batches out on the thread. */
  let out = 0;
  /** Background writes given their turn and not yet done. */
  let active = 0;
  let backgroundWaiting: Array<() => void> = [];
  let chatWaiting: Array<() => void> = [];

  // The turn is counted here, synchronously, so a chat batch about to be handed over sees it.
  const grantBackground = () => {
    const go = backgroundWaiting;
    backgroundWaiting = [];
    for (const g of go) g();
  };

  return {
    chatMayGo() {
      if (active === 0) return null;
      return new Promise<void>((resolve) => chatWaiting.push(resolve));
    },
    out() {
      out += 1;
      let answered = false;
      return () => {
        if (answered) return;
        answered = true;
        out -= 1;
        if (out === 0) grantBackground();
      };
    },
    async background(write) {
      if (out > 0) {
        await new Promise<void>((resolve) => {
          let granted = false;
          const go = () => {
            if (granted) return;
            granted = true;
            clearTimeout(timer);
            active += 1;
            resolve();
          };
          const timer = setTimeout(() => {
            backgroundWaiting = backgroundWaiting.filter((g) => g !== go);
            go();
          }, maxWaitMs);
          backgroundWaiting.push(go);
        });
      } else {
        active += 1;
      }
      try {
        return await write();
      } finally {
        active -= 1;
        if (active === 0) {
          const go = chatWaiting;
          chatWaiting = [];
          for (const g of go) g();
        }
      }
    },
  };
}

/** No turns: each write meets the other at SQLite's busy handler (a benchmark's A/B, `Config.without`). */
export const noWriteTurns: WriteTurns = { chatMayGo: () => null, out: () => () => undefined, background: (write) => write() };
