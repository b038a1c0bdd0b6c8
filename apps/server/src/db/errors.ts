/** Recognises constraint violations of both dialects, so services can answer 409 instead of 500. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** SQLITE_BUSY and its extended codes: another connection held the write lock past busy_timeout, nothing was written. */
export function isSqliteBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database could not answer (down, unreachable, stalled, shutting down, out of connections, or a
 * statement cut by its timeout): a request that met this is answered 503, worth retrying, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return true;
    // SQLSTATE: 08 connection exception, 57014 query cancelled (statement timeout), 57P0x shutting down, 53300 too many connections.
    if (code.startsWith('08') || code === '57014' || code.startsWith('57P') || code === '53300') return true;
    if (code === 'SQLITE_BUSY') return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection refused/i.test(
    err.message,
  );
}
