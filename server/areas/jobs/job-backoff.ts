// How long a failed job waits before its next attempt (docs/decisions/050): 30 s after the first
// failure, doubling each time, never more than an hour. A pure function of the attempts made.

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 = the first). */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^7 × 30 s already passes the cap: no overflow for a large count
  if (exponent >= 7) return MAX_RETRY_MS;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** exponent);
}
