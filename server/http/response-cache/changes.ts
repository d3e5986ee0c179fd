import { type ChangeFeed, stockChangeOf } from "../../lib/change-feed";
import type { ShownProducts } from "../../lib/shown-products";
import type { Store } from "./store";

// Invalidation: every change signal of the database (server/lib/change-feed.ts) clears the store,
// except that a signal that only some products' stock changed drops only the answers that show one
// of them or chose their products by stock. The latest signals are remembered, so that an answer
// whose rendering overlapped a change that concerns it is not stored.

/** A change signal, as the cache remembers it for the answers being made meanwhile. */
interface Change {
  generation: number;
  /** only these products' stock changed; null: anything may have changed */
  stockOf: readonly number[] | null;
}

/** How many recent signals are remembered: an answer made across more of them is not stored. */
const RECENT_CHANGES = 256;

/** Whether a change may have changed an answer that shows `shown`. */
function concerns(change: Change, shown: ShownProducts): boolean {
  return change.stockOf === null || shown.anyStock || change.stockOf.some((id) => shown.ids.has(id));
}

/**
 * Follows the feed's signals for the store: `generation` counts them (a request notes it when it
 * starts), `unchangedSince` says whether an answer made since then may be stored.
 */
export function watchChanges(feed: ChangeFeed, store: Store) {
  let generation = 0;
  /** the latest signals, oldest first (at most RECENT_CHANGES) */
  const recent: Change[] = [];
  const unsubscribe = feed.onChange((source) => {
    generation += 1;
    const change: Change = { generation, stockOf: stockChangeOf(source) };
    recent.push(change);
    if (recent.length > RECENT_CHANGES) recent.shift();
    if (change.stockOf === null) store.clear();
    else store.dropWhere((entry) => concerns(change, entry.shown));
  });
  /** whether no signal since `since` (a request's start) concerns an answer that shows `shown` */
  function unchangedSince(since: number, shown: ShownProducts): boolean {
    if (since === generation) return true;
    // a signal too old to be remembered may have concerned it
    if ((recent[0]?.generation ?? Number.POSITIVE_INFINITY) > since + 1) return false;
    return recent.every((change) => change.generation <= since || !concerns(change, shown));
  }
  return {
    get generation() {
      return generation;
    },
    unchangedSince,
    unsubscribe,
  };
}
