import { useEffect, useSyncExternalStore } from "react";
import type { StaffProductQuery } from "../../../domain/validation/catalog";
import { type BulkSelection, bulkFilterSchema } from "../../../domain/validation/product-bulk";
import { useT } from "../../lib/i18n";
import { ProductBulkBar } from "./product-bulk-bar";

// Which products of the staff list a bulk edit takes (issue 30, docs/decisions/074): rows ticked one
// by one (kept across the list's pages), or every result of the current filter — then the server runs
// the filter again itself. Changing the filter clears the selection. The bar and the rows' checkboxes
// are apart in the list's markup, so they share the selection through this module's small store
// (browser only: the server renders nothing ticked).

interface Selected {
  ids: ReadonlySet<number>;
  allResults: boolean;
}

const NOTHING: Selected = { ids: new Set(), allResults: false };
let selected: Selected = NOTHING;
/** the ids of the rows the list shows now (set by ProductBulk) */
let shownIds: readonly number[] = [];
const listeners = new Set<() => void>();

function update(next: Selected): void {
  selected = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const useSelected = () =>
  useSyncExternalStore(
    subscribe,
    () => selected,
    () => NOTHING,
  );

/** Ticks or unticks rows; unticking one of "all results" keeps the rest of the shown page ticked. */
function tick(ids: readonly number[], on: boolean): void {
  const next = new Set(selected.allResults ? shownIds : selected.ids);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  update({ ids: next, allResults: false });
}

/** The selection line and the bulk bar, above the list; `query` is the list's, `total` its results. */
export function ProductBulk({
  query,
  total,
  pageIds,
}: {
  query: StaffProductQuery;
  total: number;
  pageIds: readonly number[];
}) {
  const t = useT();
  const { ids, allResults } = useSelected();
  // the filter exactly as the list's query parameters, without the page
  const filter = bulkFilterSchema.parse(query);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter (its key) starts a new selection
  useEffect(() => {
    update(NOTHING);
    return () => update(NOTHING);
  }, [filterKey]);

  useEffect(() => {
    shownIds = pageIds;
  }, [pageIds]);

  const pageSelected = pageIds.length > 0 && pageIds.every((id) => allResults || ids.has(id));
  const selection: BulkSelection | null = allResults ? { filter } : ids.size > 0 ? { ids: [...ids] } : null;
  const count = allResults ? total : ids.size;

  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-5"
            checked={pageSelected}
            disabled={pageIds.length === 0}
            onChange={(event) => tick(pageIds, event.currentTarget.checked)}
          />
          {t("staff.productBulk.selectPage")}
        </label>
        {total > 0 ? (
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-full px-3 font-medium ring-1 ring-stone-300 hover:bg-stone-50"
            aria-pressed={allResults}
            onClick={() => update({ ids: new Set(), allResults: true })}
          >
            {t("staff.productBulk.selectAll", { count: total })}
          </button>
        ) : null}
        <span aria-live="polite">
          {allResults
            ? t("staff.productBulk.allSelected", { count: total })
            : t("staff.productBulk.selected", { count: ids.size })}
        </span>
        {count > 0 ? (
          <button type="button" className="min-h-11 font-medium underline" onClick={() => update(NOTHING)}>
            {t("staff.productBulk.clear")}
          </button>
        ) : null}
      </div>
      {selection ? <ProductBulkBar selection={selection} count={count} /> : null}
    </>
  );
}

/** A row's checkbox. */
export function ProductBulkCheckbox({ id, title }: { id: number; title: string }) {
  const t = useT();
  const { ids, allResults } = useSelected();
  return (
    <input
      type="checkbox"
      className="size-5 shrink-0"
      aria-label={t("staff.productBulk.select", { title })}
      checked={allResults || ids.has(id)}
      onChange={(event) => tick([id], event.currentTarget.checked)}
    />
  );
}
