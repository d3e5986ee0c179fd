import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import type { DeliveryPoint, ParcelPoint } from "../../../domain/types";
import { SearchIcon } from "../../components/icons";
import { Spinner } from "../../components/spinner";
import { useT } from "../../lib/i18n";
import {
  PARCEL_SEARCH_MIN_LENGTH,
  parcelPointToDeliveryPoint,
  parcelSearchUrl,
  postcodeLine,
  streetLine,
} from "../../lib/parcel-widgets";
import { ParcelDialog } from "./parcel-dialog";
import "../../lib/orders-texts";

// The built-in parcel-locker picker: a search field (city, postcode or locker id) that asks
// GET /api/parcel-points?q= as the user types (debounced), and a list of InPost lockers, each
// a button that chooses it. Arrow keys move between the field and the results. It opens on a
// search already (initialQuery): with a postcode, the lockers near it, nearest first.

const DEBOUNCE_MS = 250;
const RESULT_LIMIT = 20;

type SearchState =
  | { status: "idle" }
  | { status: "loading"; items: ParcelPoint[] }
  | { status: "done"; query: string; items: ParcelPoint[] }
  | { status: "error"; items: ParcelPoint[] };

/** Debounced search; the last query wins (earlier requests are aborted). */
function useParcelSearch(query: string): { state: SearchState; retry: () => void } {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const trimmed = query.trim();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the search on retry
  useEffect(() => {
    if (trimmed.length < PARCEL_SEARCH_MIN_LENGTH) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: "loading", items: "items" in previous ? previous.items : [] }));
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(parcelSearchUrl(trimmed, RESULT_LIMIT), {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { items: ParcelPoint[] };
        setState({ status: "done", query: trimmed, items: body.items });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("Parcel locker search failed", error);
        setState((previous) => ({ status: "error", items: "items" in previous ? previous.items : [] }));
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

export function ParcelSearchDialog({
  current,
  initialQuery,
  notice,
  onChoose,
  onClose,
}: {
  /** the point chosen so far (marked in the list) */
  current: DeliveryPoint | null;
  /** the first search (the chosen point's city, or the recipient's postcode and city) */
  initialQuery: string;
  /** a message above the search (a map that could not load) */
  notice: string | null;
  /** the point as the order keeps it, and the result it came from (its opening hours) */
  onChoose: (point: DeliveryPoint, result: ParcelPoint) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [query, setQuery] = useState(initialQuery);
  const { state, retry } = useParcelSearch(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const ids = { input: useId(), status: useId(), list: useId() };

  const items = "items" in state ? state.items : [];

  function resultButtons(): HTMLButtonElement[] {
    return Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      const [first] = resultButtons();
      first?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      resultButtons()[0]?.focus();
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = resultButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? index + 1 : index - 1;
    if (next < 0) inputRef.current?.focus();
    else buttons[Math.min(next, buttons.length - 1)]?.focus();
  }

  let status: React.ReactNode = null;
  if (state.status === "idle") status = <span className="text-stone-600">{t("parcelPicker.hint")}</span>;
  else if (state.status === "loading")
    status = (
      <span className="inline-flex items-center gap-2 text-stone-700">
        <Spinner />
        {t("parcelPicker.searching")}
      </span>
    );
  else if (state.status === "error")
    status = (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-red-800">
        {t("parcelPicker.error")}
        <button
          type="button"
          onClick={retry}
          className="rounded font-semibold text-accent-700 underline underline-offset-4"
        >
          {t("parcelPicker.retry")}
        </button>
      </span>
    );
  else if (state.items.length === 0)
    status = <span className="text-stone-700">{t("parcelPicker.noResults", { query: state.query })}</span>;
  else
    status = (
      <span className="text-stone-600">{t("parcelPicker.resultsCount", { count: state.items.length })}</span>
    );

  return (
    <ParcelDialog title={t("parcelPicker.title")} onClose={onClose} initialFocusRef={inputRef}>
      <div className="border-b border-stone-200 px-4 py-3 sm:px-6">
        {notice ? (
          <p
            role="status"
            className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {notice}
          </p>
        ) : null}
        <label htmlFor={ids.input} className="mb-1 block text-sm font-medium text-stone-800">
          {t("parcelPicker.searchLabel")}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500" />
          <input
            ref={inputRef}
            id={ids.input}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKeyDown}
            placeholder={t("parcelPicker.searchPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            aria-describedby={ids.status}
            aria-controls={ids.list}
            className="min-h-11 w-full rounded-lg border border-stone-300 bg-white py-2 pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-400"
          />
        </div>
        <p id={ids.status} aria-live="polite" aria-atomic="true" className="mt-2 min-h-6 text-sm">
          {status}
        </p>
      </div>
      <ul
        ref={listRef}
        id={ids.list}
        onKeyDown={onListKeyDown}
        aria-busy={state.status === "loading" || undefined}
        className={`flex-1 divide-y divide-stone-100 overflow-y-auto overscroll-contain px-2 py-2 sm:px-4 ${state.status === "loading" ? "opacity-60" : ""}`}
      >
        {items.map((point) => {
          const delivery = parcelPointToDeliveryPoint(point);
          const chosen = current?.foreign_access_point_id === point.id;
          return (
            <li key={point.id}>
              <button
                type="button"
                onClick={() => onChoose(delivery, point)}
                aria-current={chosen || undefined}
                className="flex w-full flex-col items-start gap-0.5 rounded-lg px-3 py-3 text-left hover:bg-accent-50 focus-visible:bg-accent-50"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-stone-900">{point.id}</span>{" "}
                  {chosen ? (
                    <span className="rounded-full bg-accent-100 px-2 py-0.5 text-xs font-semibold text-accent-800">
                      {t("parcelPicker.current")}
                    </span>
                  ) : null}
                </span>{" "}
                <span className="text-sm text-stone-800">
                  {streetLine(delivery)}, {postcodeLine(delivery)}
                </span>{" "}
                {point.locationDescription ? (
                  <span className="text-sm text-stone-600">{point.locationDescription}</span>
                ) : null}{" "}
                {point.openingHours ? (
                  <span className="text-xs text-stone-500">
                    {t("parcelPicker.openingHours", { hours: point.openingHours })}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </ParcelDialog>
  );
}
