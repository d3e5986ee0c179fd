import { AsyncLocalStorage } from "node:async_hooks";

// Which products' stock an answer shows (docs/decisions/023-http-caching.md): the
// response cache drops, on a signal that only some products' stock changed, just the answers that
// show one of them. The catalog notes every product it shapes for the answer being made (the one
// place every product DTO comes from: catalog.service `shaped`), and a read that picks its products
// by stock (the home page's in-stock strip) notes that it depends on every product's stock.
// The response cache runs each cacheable request inside `trackShownProducts`; elsewhere noting does
// nothing.

export interface ShownProducts {
  /** the products the answer shows (with their stock level and whether they can be added) */
  readonly ids: Set<number>;
  /** the answer chose its products by stock: any stock change may change it */
  anyStock: boolean;
}

const storage = new AsyncLocalStorage<ShownProducts>();

/** Runs `run` (and everything it starts) noting the products it shows into `shown`. */
export function trackShownProducts<T>(shown: ShownProducts, run: () => T): T {
  return storage.run(shown, run);
}

/** The answer being made shows this product. */
export function noteShownProduct(id: number): void {
  storage.getStore()?.ids.add(id);
}

/** The answer being made chose its products by their stock. */
export function noteChosenByStock(): void {
  const shown = storage.getStore();
  if (shown) shown.anyStock = true;
}
