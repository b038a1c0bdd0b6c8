/** The transactional outbox's table (src/outbox/): events recorded with the change they tell of, until dispatched. */
import type { Generated } from 'kysely';

export interface OutboxEventsTable {
  /** Time-ordered (UUIDv7): dispatch goes oldest first. Consumers use it as the event's identity. */
  id: string;
  name: string;
  /** The event's payload as JSON. */
  payload: string;
  created_at: string;
  /** From when any process may take it (ISO time). */
  available_at: string;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface OutboxTables {
  outbox_events: OutboxEventsTable;
}
