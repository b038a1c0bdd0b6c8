/**
 * Signed, expiring download links of exports: only the owner is given one, and it stops working after an
 * hour, or at once when the password changes (the signature covers the account's security stamp).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX, lifecycleOperations, operationUrl } from '@plaza/contract';

/** How long a download link works once handed out. */
export const LINK_TTL_SECONDS = 3600;

export function exportLinks(secret: string) {
  const sign = (exportId: string, userId: string, stamp: string, expires: number) =>
    createHmac('sha256', secret).update(`export:${exportId}:${userId}:${stamp}:${expires}`).digest('base64url');

  return {
    /** A link valid for an hour, never past `notAfter`. */
    urlFor(exportId: string, userId: string, stamp: string, notAfter: Date): { url: string; expires: number } {
      const expires = Math.min(Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS, Math.floor(notAfter.getTime() / 1000));
      const path = operationUrl(lifecycleOperations.downloadExport, { exportId });
      return { url: `${API_PREFIX}${path}?expires=${expires}&sig=${sign(exportId, userId, stamp, expires)}`, expires };
    },
    verify(exportId: string, userId: string, stamp: string, expires: number, sig: string): boolean {
      if (expires * 1000 <= Date.now()) return false;
      const expected = Buffer.from(sign(exportId, userId, stamp, expires));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
