// Polish texts of one area of the shop: the product list (/produkty: filters, sorting, pages). The browser loads them with the modules
// that use them (web/lib/products-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plProducts = {
  "products.empty": "Brak produktów",
  "products.filters": "Filtry",
  "products.chipSearch": "Szukaj",
  "products.chipCategory": "Kategoria",
  "products.chipPriceFrom": "Cena od",
  "products.chipPriceTo": "Cena do",
  "products.chipNew": "Nowości",
  "products.chipLayettes": "Wyprawki",
  "products.chipSale": "Wyprzedaż",
  "products.chipSets": "Zestawy prezentowe",
  "products.chipPremium": "Premium",
  "products.removeFilter": "Usuń filtr: {name}",
  "products.clearFilters": "Wyczyść filtry",
  "products.sortBy": "Sortuj wg",
  "products.sortTitle": "nazwy",
  "products.sortUpdated": "daty dodania",
  "products.sortPrice": "ceny",
  "products.sortAsc": "rosnąco",
  "products.sortDesc": "malejąco",
  "products.toggleSortDirection": "Zmień kierunek sortowania",
  "products.pricePanel": "Cena",
  "products.priceFrom": "Od",
  "products.priceTo": "Do",
  "products.priceApply": "Zastosuj",
  "products.categoriesPanel": "Kategorie",
  "products.allCategories": "Wszystkie kategorie",
  "products.count": "Liczba produktów: {count}",
  "products.metaDescription":
    "Ręcznie szyte kocyki, poduszki, wyprawki i zestawy prezentowe – wybierz kategorię, cenę i sortowanie.",
  "products.sortRelevance": "trafności",
  "products.sortApply": "Sortuj",
  "products.flagsPanel": "Pokaż tylko",
  "products.activeFilters": "Aktywne filtry",
  "products.pagination": "Strony wyników",
  "products.previousPage": "Poprzednia strona",
  "products.nextPage": "Następna strona",
  "products.pageNumber": "Strona {page}",
  "products.pageOf": "Strona {page} z {pages}",
  "products.titleInCategory": "{category} – produkty",
  "products.results": "Wyniki",
} as const;

export type ProductsKey = keyof typeof plProducts;
