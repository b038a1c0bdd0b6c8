/** The job queue kept in the database when there is no Redis (src/jobs/database-queue.ts). */
export interface JobsTable {
  /** The job's id, derived from the work (`fanout:<postId>`). */
  id: string;
  queue: string;
  /** The job's data as JSON. */
  data: string;
  /** `failed` rows are the dead-letter list. */
  state: 'waiting' | 'active' | 'failed';
  /** Runs begun so far, the one under way included. */
  attempts: number;
  created_at: string;
  /** From when a worker may take it (ISO time); while active, when its holder's hold runs out. */
  available_at: string;
  last_error: string | null;
  failed_at: string | null;
}

export interface JobTables {
  jobs: JobsTable;
}
