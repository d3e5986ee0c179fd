// The demo category tree (SPEC §3): a category titled "root" is the tree root and every
// top-level category hangs under it; siblings are sorted by `order`.

export type CategoryKey =
  | "root"
  | "dla-dzieci"
  | "kocyki"
  | "poduszki"
  | "przytulanki"
  | "spiworki"
  | "wyprawki"
  | "zestawy"
  | "tkaniny"
  | "akcesoria"
  | "girlandy"
  | "woreczki";

export interface CategoryDef {
  key: CategoryKey;
  title: string;
  /** null only for the root */
  parent: CategoryKey | null;
  order: number;
  /** top-level categories get a generated banner image (mega-menu) */
  banner?: { label: string };
}

export const ROOT_CATEGORY_TITLE = "root";

/** Parents come before their children, so rows can be inserted in this order. */
export const categoryDefs: readonly CategoryDef[] = [
  { key: "root", title: ROOT_CATEGORY_TITLE, parent: null, order: 0 },
  { key: "dla-dzieci", title: "Dla dzieci", parent: "root", order: 1, banner: { label: "Dla dzieci" } },
  { key: "wyprawki", title: "Wyprawki", parent: "root", order: 2, banner: { label: "Wyprawki" } },
  {
    key: "zestawy",
    title: "Zestawy prezentowe",
    parent: "root",
    order: 3,
    banner: { label: "Zestawy prezentowe" },
  },
  {
    key: "tkaniny",
    title: "Tkaniny premium",
    parent: "root",
    order: 4,
    banner: { label: "Tkaniny premium" },
  },
  { key: "akcesoria", title: "Akcesoria", parent: "root", order: 5, banner: { label: "Akcesoria" } },
  { key: "kocyki", title: "Kocyki", parent: "dla-dzieci", order: 1 },
  { key: "poduszki", title: "Poduszki", parent: "dla-dzieci", order: 2 },
  { key: "przytulanki", title: "Przytulanki", parent: "dla-dzieci", order: 3 },
  { key: "spiworki", title: "Śpiworki", parent: "dla-dzieci", order: 4 },
  { key: "girlandy", title: "Girlandy", parent: "akcesoria", order: 1 },
  { key: "woreczki", title: "Woreczki", parent: "akcesoria", order: 2 },
];
