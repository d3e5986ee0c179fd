import type { ChangeFeed } from "./change-feed";

// One value read from the database and kept in process until one of the tables it is made of
// changes (docs/decisions/023-http-caching.md): the shell of every page (category tree and
// page links) is read on every page the response cache does not answer, and changes a few times a year.
// The change feed's signals name the changed table; "reconnect", "disconnect" or no name mean
// anything may have changed. While the feed is not listening (PostgreSQL's LISTEN connection is
// down) nothing is kept: every call reads afresh.

/** Signals that name no table: whatever is kept may be stale. */
const SIGNALS_WITHOUT_TABLE = new Set(["", "reconnect", "disconnect"]);

export interface ChangeMemo<T> {
  (): Promise<T>;
  /** stops following the feed */
  close(): void;
}

/**
 * `load()` once, kept until a signal names one of `tables` (or names none). Concurrent callers share
 * one read; a change during a read drops it for later callers; a failed read is not kept. Without a feed every call is a fresh `load()`.
 */
export function changeMemo<T>(
  feed: ChangeFeed | undefined,
  tables: readonly string[],
  load: () => Promise<T>,
): ChangeMemo<T> {
  let kept: Promise<T> | null = null;
  // a change drops the kept read at once, also one still in flight: callers after the change read afresh
  const unsubscribe = feed?.onChange((source) => {
    if (SIGNALS_WITHOUT_TABLE.has(source) || tables.includes(source)) kept = null;
  });

  const read = (() => {
    if (!feed?.listening) return load();
    if (kept) return kept;
    const reading = load();
    kept = reading;
    reading.catch(() => {
      if (kept === reading) kept = null;
    });
    return reading;
  }) as ChangeMemo<T>;
  read.close = () => unsubscribe?.();
  return read;
}
