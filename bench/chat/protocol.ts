/** Messages between the benchmark's conductor (run.ts) and its load-client processes (load.ts). */

export interface BenchUser {
  userId: string;
  userName: string;
  token: string;
}

export type ToLoad =
  /** chat: authenticated Plaza clients, paired two by two; echo: anonymous clients of the bare echo server. */
  | { type: 'connect'; mode: 'chat' | 'echo'; url: string; users: BenchUser[]; count: number; firstIndex: number }
  /** http: POST /chats/send; socket: `sendMessage` with an ack over the sender's own socket. */
  | { type: 'send'; rate: number; durationMs: number; warmupMs: number; graceMs: number; via: 'http' | 'socket' }
  | { type: 'exit' };

export type FromLoad =
  | { type: 'connected'; ok: number; failed: number; firstError?: string }
  | {
      type: 'done';
      /** Delivery latencies (ms) of messages sent after the warm-up. */
      latencies: number[];
      /** Send start → HTTP response (chat only). */
      responseTimes: number[];
      sent: number;
      /** Sends the server accepted (201); only these can be lost. */
      accepted: number;
      rejected: Record<string, number>;
      lost: number;
      duplicated: number;
    };
