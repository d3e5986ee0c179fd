// PostgreSQL errors the services expect (a race a pre-check missed), found through the driver's
// wrapping: Drizzle wraps pg's and PGlite's errors in `cause`, sometimes more than once.

/**
 * A unique violation (SQLSTATE 23505), possibly wrapped; with `constraint`, only a violation of that
 * constraint (by its name on the error, or in the message where the driver gives no name).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      if (constraint === undefined) return true;
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === "string" && candidate.message.includes(constraint))
      );
    }
    current = candidate.cause;
  }
  return false;
}
