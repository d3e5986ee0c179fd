import { useId, useLayoutEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { useT } from "../lib/i18n";
import { PRODUCTS_PATH } from "../lib/paths";
import { SearchIcon } from "./icons";

export const SEARCH_PARAM = "szukaj";

/**
 * Search box of the top bar: a GET form to /produkty?szukaj=…, submitted with Enter or the
 * magnifier button. It shows the current `szukaj` value and is cleared on routes without one.
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const t = useT();
  const location = useLocation();
  const current = new URLSearchParams(location.search).get(SEARCH_PARAM) ?? "";
  const [typed, setTyped] = useState({ locationKey: location.key, value: current });
  const inputId = useId();

  // follow the address: every navigation resets the box to the route's `szukaj`
  // (adjusting state while rendering, so no frame shows the old text)
  if (typed.locationKey !== location.key) setTyped({ locationKey: location.key, value: current });
  const value = typed.locationKey === location.key ? typed.value : current;

  // The box hydrates after the page (its code loads while the page hydrates): text typed into the
  // server-rendered box before then is taken over, not reset to the address's value by the next render.
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useLayoutEffect(() => {
    const typedBefore = inputRef.current?.value;
    if (typedBefore !== undefined && typedBefore !== value)
      setTyped({ locationKey: location.key, value: typedBefore });
  }, []);

  return (
    <Form
      method="get"
      action={PRODUCTS_PATH}
      role="search"
      aria-label={t("nav.search")}
      className={`flex min-w-[84px] ${className}`}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("nav.search")}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        name={SEARCH_PARAM}
        value={value}
        onChange={(event) => setTyped({ locationKey: location.key, value: event.currentTarget.value })}
        placeholder={t("nav.searchPlaceholder")}
        enterKeyHint="search"
        autoComplete="off"
        className="min-w-0 flex-1 rounded-l-full border border-r-0 border-stone-300 bg-white px-4 py-2 text-sm text-stone-900 placeholder:text-stone-500 focus-visible:border-accent-600 focus-visible:outline-offset-0"
      />
      <button
        type="submit"
        aria-label={t("nav.search")}
        className="flex shrink-0 items-center justify-center rounded-r-full border border-stone-300 bg-stone-100 px-3 text-stone-700 hover:bg-stone-200 hover:text-stone-900 focus-visible:outline-offset-0"
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
