/**
 * When to warn about an expiry (a certificate's or a domain's): at 30, 14, 7 and 0 days left, each
 * threshold once per certificate or domain registration. Pure, so the service can keep the last
 * warning it sent beside the check and ask again on every result.
 */
export const EXPIRY_THRESHOLDS = [30, 14, 7, 0] as const;
export type ExpiryThreshold = (typeof EXPIRY_THRESHOLDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days from `now` until `validTo`, rounded down: 6.9 days is 6, a few hours is 0, and a
 * moment past expiry is -1. Negative means expired.
 */
export function daysUntil(validTo: string | Date, now: Date): number {
  const end = typeof validTo === 'string' ? Date.parse(validTo) : validTo.getTime();
  if (Number.isNaN(end)) throw new Error(`Not a date: ${String(validTo)}`);
  return Math.floor((end - now.getTime()) / DAY_MS);
}

/** The most urgent threshold reached with `days` left (0 also once expired), or null above 30 days. */
export function thresholdFor(days: number): ExpiryThreshold | null {
  let reached: ExpiryThreshold | null = null;
  for (const threshold of EXPIRY_THRESHOLDS) if (days <= threshold) reached = threshold;
  return reached;
}

/** The last warning sent: for which expiry date, at which threshold. */
export type LastExpiryWarning = { validTo: string; threshold: ExpiryThreshold };

/**
 * The threshold to warn about now, or null when there is nothing new to say. A certificate first
 * seen with 5 days left gets one warning (7), not three; the same one is never warned twice at a
 * threshold; a renewed one (another validTo) starts over, so its own 30-day warning comes in time.
 */
export function expiryWarning(
  validTo: string,
  now: Date,
  last: LastExpiryWarning | null,
): ExpiryThreshold | null {
  const reached = thresholdFor(daysUntil(validTo, now));
  if (reached === null) return null;
  const sameExpiry = last !== null && Date.parse(last.validTo) === Date.parse(validTo);
  if (sameExpiry && last.threshold <= reached) return null;
  return reached;
}
