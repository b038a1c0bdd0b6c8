/** Messages between the benchmark's conductor (run.ts) and its load-client processes (load.ts). */

export interface BenchUser {
  userId: string;
  userName: string;
  token: string;
  /** The group the user is in (GROUP runs); its members are consecutive in the list. */
  groupId?: string;
}

export type ToLoad =
  /**
   * chat: authenticated Plaza clients, paired two by two, or in groups of `groupSize` (each user's `groupId`);
   * echo: anonymous clients of the bare echo server, paired.
   */
  | { type: 'connect'; mode: 'chat' | 'echo'; url: string; users: BenchUser[]; count: number; firstIndex: number; groupSize: number }
  /**
   * http: POST /chats/send (a group's: POST /chats/groups/{id}/messages); socket: `sendMessage` with an ack over
   * the sender's own socket (one-to-one only: the contract has no socket send for groups).
   */
  | { type: 'send'; rate: number; durationMs: number; warmupMs: number; graceMs: number; via: 'http' | 'socket' }
  | { type: 'exit' };

export type FromLoad =
  | { type: 'connected'; ok: number; failed: number; firstError?: string }
  | {
      type: 'done';
      /** Delivery latencies (ms) of messages sent after the warm-up, one per receiver (each other member of a group). */
      latencies: number[];
      /** Send start → HTTP response (chat only). */
      responseTimes: number[];
      sent: number;
      /** Sends the server accepted (201); only these can be lost. */
      accepted: number;
      rejected: Record<string, number>;
      /** Receivers that did not get an accepted message within the grace time (a group message counts once per member). */
      lost: number;
      /** Arrivals beyond the first at a receiver. */
      duplicated: number;
      /** First arrivals at receivers over the whole phase, warm-up seconds included: what the server's CPU paid for. */
      delivered: number;
    };
