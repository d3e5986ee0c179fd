import { useEffect, useId, useRef, useState } from "react";
import type { ProductBasic } from "../../../domain/types";
import type { ProductChoice } from "../../../domain/validation/catalog";
import { useT } from "../../lib/i18n";

// The related products of the product form ("slides"). Without JavaScript (and until the page has
// hydrated) it is the plain multi-select of every product, as before; with JavaScript a search box
// (title, SKU or id; debounced; GET /api/shops/products/choice, at most 10) adds the chosen products
// as chips, each removable, each sent as a hidden `slides` field. Keyboard: Tab reaches the box, the
// results (buttons: Enter adds) and each chip's remove button; Escape clears the search.

const DEBOUNCE_MS = 250;
const RESULT_LIMIT = 10;

interface Chosen {
  _id: number;
  title: string;
}

async function searchProducts(text: string, signal: AbortSignal): Promise<ProductChoice[]> {
  const query = new URLSearchParams({ szukaj: text, limit: String(RESULT_LIMIT) });
  const response = await fetch(`/api/shops/products/choice?${query}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`choice search: ${response.status}`);
  return (await response.json()) as ProductChoice[];
}

export function RelatedProductsPicker({
  products,
  chosen,
  excludeId,
  selectClassName,
  hintId,
  errorId,
}: {
  /** every product: the multi-select's options without JavaScript, and the chips' titles */
  products: ProductBasic[];
  chosen: number[];
  /** the product being edited: never offered */
  excludeId: number | null;
  selectClassName: string;
  hintId: string;
  errorId?: string;
}) {
  const t = useT();
  const id = useId();
  const [enhanced, setEnhanced] = useState(false);
  const [picked, setPicked] = useState<Chosen[]>(() => {
    const titles = new Map(products.map((product) => [product._id, product.title]));
    return chosen.map((productId) => ({ _id: productId, title: titles.get(productId) ?? `#${productId}` }));
  });
  const [text, setText] = useState("");
  const [results, setResults] = useState<ProductChoice[]>([]);
  const [status, setStatus] = useState<"idle" | "searching" | "failed">("idle");
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === "") {
      setResults([]);
      setStatus("idle");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus("searching");
      searchProducts(wanted, controller.signal)
        .then((found) => {
          setResults(found);
          setStatus("idle");
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus("failed");
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const hint = (
    <p id={hintId} className="mb-1.5 text-sm text-stone-600">
      {t(enhanced ? "staff.products.picker.hint" : "staff.products.form.slidesHint")}
    </p>
  );

  if (!enhanced) {
    return (
      <>
        {hint}
        <select
          id="product-slides"
          name="slides"
          multiple
          size={8}
          defaultValue={chosen.map(String)}
          aria-describedby={hintId}
          className={selectClassName}
        >
          {products
            .filter((product) => product._id !== excludeId)
            .map((product) => (
              <option key={product._id} value={product._id}>
                {product.title}
              </option>
            ))}
        </select>
      </>
    );
  }

  const pickedIds = new Set(picked.map((item) => item._id));
  const offered = results.filter((item) => item._id !== excludeId && !pickedIds.has(item._id));
  const add = (item: ProductChoice) => {
    setPicked((current) => [...current, { _id: item._id, title: item.title }]);
    searchBox.current?.focus();
  };
  const remove = (productId: number) => {
    setPicked((current) => current.filter((item) => item._id !== productId));
    searchBox.current?.focus();
  };

  return (
    <div className="grid gap-2" data-testid="related-products-picker">
      {hint}
      {picked.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("staff.products.picker.chosen")}>
          {picked.map((item) => (
            <li
              key={item._id}
              className="inline-flex min-h-9 items-center gap-1 rounded-full bg-accent-50 py-1 pr-1 pl-3 text-sm text-stone-900 ring-1 ring-accent-200"
            >
              <input type="hidden" name="slides" value={item._id} />
              <span className="break-words">{item.title}</span>
              <button
                type="button"
                onClick={() => remove(item._id)}
                aria-label={t("staff.products.picker.remove", { title: item.title })}
                className="inline-flex size-8 items-center justify-center rounded-full text-stone-700 hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">{t("staff.products.picker.none")}</p>
      )}
      <input
        ref={searchBox}
        id="product-slides"
        type="search"
        value={text}
        maxLength={200}
        autoComplete="off"
        placeholder={t("staff.products.picker.placeholder")}
        aria-describedby={`${hintId} ${id}-status${errorId ? ` ${errorId}` : ""}`}
        // only while the list is there: axe refuses a reference to a missing element
        aria-controls={offered.length > 0 ? `${id}-results` : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setText("");
          // Enter in the box adds the first match instead of sending the form
          if (event.key === "Enter") {
            event.preventDefault();
            const first = offered[0];
            if (first) add(first);
          }
        }}
        className="min-h-11 w-full rounded-xl border border-stone-300 px-3 text-stone-900 focus-visible:outline-2 focus-visible:outline-accent-600"
      />
      <p id={`${id}-status`} role="status" className="text-sm text-stone-600">
        {status === "searching"
          ? t("staff.products.picker.searching")
          : status === "failed"
            ? t("errors.generic")
            : text.trim() !== "" && offered.length === 0
              ? t("staff.products.picker.noMatch")
              : ""}
      </p>
      {offered.length > 0 ? (
        <ul id={`${id}-results`} className="grid gap-1" aria-label={t("staff.products.picker.results")}>
          {offered.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                onClick={() => add(item)}
                className="flex min-h-10 w-full items-center justify-between gap-3 rounded-lg px-3 text-left text-sm text-stone-800 ring-1 ring-stone-200 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <span className="break-words">
                  {item.title}
                  {item.isHidden ? (
                    <span className="ml-2 text-xs text-stone-500">({t("staff.products.flag.isHidden")})</span>
                  ) : null}
                </span>
                <span className="shrink-0 text-xs text-stone-500">{item.sku ?? `#${item._id}`}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
