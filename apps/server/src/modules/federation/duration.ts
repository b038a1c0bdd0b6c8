/**
 * Milliseconds of one of the `Temporal.Duration`s Fedify hands over (a ttl, a delay). TypeScript 5.9 has
 * no Temporal types yet, so the one method used is named here.
 */
export const durationMs = (duration: unknown): number => (duration as { total(unit: 'millisecond'): number }).total('millisecond');
