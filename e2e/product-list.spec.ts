import {
  apiList,
  cardPrices,
  cardTitles,
  currentQuery,
  isSorted,
  openFilters,
  productCards,
  productCount,
  rejectCookies,
  waitForListReady,
} from "./support/product-list";
import { expect, test } from "./support/test";

// A shopper on /produkty: filters by category and price, combines flags, sorts both ways,
// searches (with and without Polish letters, with a typo, with another ending), removes chips,
// pages through the list; what the page shows is what the list endpoint answers for the same query.

test.describe("the product list", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await rejectCookies(page, baseURL);
    await page.goto("/produkty");
  });

  test("filters by a category (with its subcategories) and by a price range", async ({ page, request }) => {
    await openFilters(page);
    const categories = page.getByRole("navigation", { name: "Kategorie" });
    await categories.getByRole("link", { name: "Dla dzieci", exact: true }).click();
    await expect(page).toHaveURL(/\/produkty\?kategoria=\d+$/);
    await expect(page.getByRole("link", { name: "Usuń filtr: Kategoria: Dla dzieci" })).toBeVisible();
    const parent = await apiList(request, currentQuery(page));
    await expect(productCount(page, parent.total)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(parent.items.map((item) => item.title));

    // a subcategory: single selection, its breadcrumb in the chip, fewer products
    await openFilters(page);
    await categories.getByRole("link", { name: "Kocyki", exact: true }).click();
    await expect(
      page.getByRole("link", { name: "Usuń filtr: Kategoria: Dla dzieci › Kocyki" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /^Usuń filtr: Kategoria: Dla dzieci$/ })).toHaveCount(0);
    await expect(categories.getByRole("link", { name: "Kocyki", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const blankets = await apiList(request, currentQuery(page));
    expect(blankets.total).toBeGreaterThan(0);
    expect(blankets.total).toBeLessThan(parent.total);
    await expect(productCount(page, blankets.total)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(blankets.items.map((item) => item.title));

    // the price range keeps the category
    await openFilters(page);
    await page.getByRole("spinbutton", { name: "Od" }).fill("50");
    await page.getByRole("spinbutton", { name: "Do" }).fill("100");
    await page.getByRole("button", { name: "Zastosuj" }).click();
    await expect(page).toHaveURL(/kategoria=\d+.*minCena=50&maxCena=100/);
    await expect(page.getByRole("link", { name: "Usuń filtr: Cena od: 50,00 zł" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Usuń filtr: Cena do: 100,00 zł" })).toBeVisible();
    const ranged = await apiList(request, currentQuery(page));
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(blankets.total);
    await expect(productCount(page, ranged.total)).toBeVisible();
    const prices = await cardPrices(page);
    expect(prices.length).toBe(ranged.total);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(5_000);
      expect(price).toBeLessThanOrEqual(10_000);
    }
    // the form keeps the values
    await openFilters(page);
    await expect(page.getByRole("spinbutton", { name: "Od" })).toHaveValue("50");
    await expect(page.getByRole("spinbutton", { name: "Do" })).toHaveValue("100");
  });

  test("a product from a category list keeps that category in its link and breadcrumb", async ({ page }) => {
    const categories = page.getByRole("navigation", { name: "Kategorie" });
    const breadcrumb = page.getByRole("navigation", { name: "Ścieżka nawigacji" });
    // in Kocyki first, in Wyprawki too: opened from Wyprawki it shows Wyprawki
    await openFilters(page);
    await categories.getByRole("link", { name: "Wyprawki", exact: true }).click();
    await expect(page).toHaveURL(/\/produkty\?kategoria=\d+$/);
    const wyprawki = new URL(page.url()).searchParams.get("kategoria");
    await productCards(page).getByRole("link", { name: "Kocyk minky dla niemowlaka" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/produkt/\\d+-Kocyk_minky_dla_niemowlaka\\?kategoria=${wyprawki}$`),
    );
    await expect(breadcrumb.getByRole("link", { name: "Wyprawki" })).toBeVisible();
    await expect(breadcrumb.getByRole("link", { name: "Kocyki" })).toHaveCount(0);

    // in Wyprawki first, in Poduszki too: from the Dla dzieci list it shows Dla dzieci › Poduszki
    await page.goto("/produkty");
    await openFilters(page);
    await categories.getByRole("link", { name: "Dla dzieci", exact: true }).click();
    await expect(page).toHaveURL(/\/produkty\?kategoria=\d+$/);
    await productCards(page).getByRole("link", { name: "Kokon niemowlęcy (gniazdko)" }).click();
    await expect(page).toHaveURL(/\?kategoria=\d+$/);
    await expect(breadcrumb.getByRole("link", { name: "Dla dzieci" })).toBeVisible();
    await expect(breadcrumb.getByRole("link", { name: "Poduszki" })).toBeVisible();

    // without a category (all products) the link is the plain one
    await page.goto("/produkty?szukaj=minky");
    await expect(
      productCards(page).getByRole("link", { name: "Kocyk minky dla niemowlaka" }),
    ).toHaveAttribute("href", /^\/produkt\/\d+-Kocyk_minky_dla_niemowlaka$/);
  });

  test("tells a reversed price range and keeps what was typed", async ({ page }) => {
    await page.goto("/produkty?minCena=80&maxCena=20");
    await openFilters(page);
    await expect(page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" })).toHaveText(
      "Formularz zawiera błędy, popraw je i spróbuj ponownie",
    );
    const to = page.getByRole("spinbutton", { name: "Do" });
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveAccessibleDescription("Cena minimalna nie może być większa niż cena maksymalna");
    await expect(page.getByRole("spinbutton", { name: "Od" })).toHaveValue("80");
    await expect(to).toHaveValue("20");
    // the list is not emptied by the mistake
    expect(await productCards(page).count()).toBeGreaterThan(0);
  });

  test("combines flags (AND) and removes one with its chip", async ({ page, request }) => {
    await page.goto("/produkty?wyprzedaz=tak");
    await waitForListReady(page);
    const sale = await apiList(request, "wyprzedaz=tak");
    await expect(productCount(page, sale.total)).toBeVisible();

    await openFilters(page);
    await expect(page.getByRole("checkbox", { name: "Wyprzedaż" })).toBeChecked();
    // ticking a flag submits at once: the box shows the state of the address it leads to
    await page.getByRole("checkbox", { name: "Premium" }).click();
    await expect(page).toHaveURL(/\?wyprzedaz=tak&premium=tak$/);
    await expect(page.getByRole("checkbox", { name: "Premium" })).toBeChecked();
    const both = await apiList(request, "wyprzedaz=tak&premium=tak");
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(sale.total);
    await expect(productCount(page, both.total)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(both.items.map((item) => item.title));
    await expect(page.getByRole("link", { name: "Usuń filtr: Wyprzedaż" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Usuń filtr: Premium" })).toBeVisible();

    await page.getByRole("link", { name: "Usuń filtr: Wyprzedaż" }).click();
    await expect(page).toHaveURL(/\/produkty\?premium=tak$/);
    const premium = await apiList(request, "premium=tak");
    await expect(productCount(page, premium.total)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(premium.items.map((item) => item.title));
    await expect(page.getByRole("link", { name: "Usuń filtr: Wyprzedaż" })).toHaveCount(0);
  });

  test("sorts by price both ways; another sort field starts ascending again", async ({ page, request }) => {
    await waitForListReady(page);
    const sort = page.getByRole("combobox", { name: "Sortuj wg" });
    // the spec's default: by date, ascending
    await expect(sort).toHaveValue("updated");
    await expect(page.getByRole("link", { name: "Zmień kierunek sortowania: rosnąco" })).toBeVisible();

    await sort.selectOption({ label: "ceny" });
    await expect(page).toHaveURL(/\?sortujWg=price$/);
    const cheapest = await apiList(request, "sortujWg=price");
    const ascending = cheapest.items.map((item) => item.thumbnail.priceGrosze);
    expect(ascending.length).toBe(24);
    expect(isSorted(ascending, "asc")).toBe(true);
    // the cards follow once the navigation has rendered
    await expect.poll(() => cardPrices(page)).toEqual(ascending);

    await page.getByRole("link", { name: "Zmień kierunek sortowania: rosnąco" }).click();
    await expect(page).toHaveURL(/\?sortujWg=price&sortujTyp=desc$/);
    await expect(page.getByRole("link", { name: "Zmień kierunek sortowania: malejąco" })).toBeVisible();
    const dearest = await apiList(request, "sortujWg=price&sortujTyp=desc");
    const descending = dearest.items.map((item) => item.thumbnail.priceGrosze);
    expect(isSorted(descending, "desc")).toBe(true);
    await expect.poll(() => cardPrices(page)).toEqual(descending);
    expect(descending[0]).toBeGreaterThan(ascending.at(-1) ?? 0);

    await sort.selectOption({ label: "nazwy" });
    await expect(page).toHaveURL(/\?sortujWg=title$/);
    await expect(page.getByRole("link", { name: "Zmień kierunek sortowania: rosnąco" })).toBeVisible();
    const byTitle = await apiList(request, "sortujWg=title");
    await expect.poll(() => cardTitles(page)).toEqual(byTitle.items.map((item) => item.title));
  });

  test("searches without and with Polish letters, with a typo and with another ending", async ({ page }) => {
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Szukaj" });
    await box.fill("zolty kocyk");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/produkty\?szukaj=zolty\+kocyk$/);
    await expect(productCount(page, 1)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(["Żółty kocyk bawełniany"]);
    await expect(page.getByRole("link", { name: "Usuń filtr: Szukaj: zolty kocyk" })).toBeVisible();

    await box.fill("ŻÓŁTY Kocyk");
    await box.press("Enter");
    await expect(page.getByRole("link", { name: "Usuń filtr: Szukaj: ŻÓŁTY Kocyk" })).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(["Żółty kocyk bawełniany"]);

    // a typo: every result is a blanket, best matches (the title) first
    await box.fill("kocyl");
    await page.getByRole("banner").getByRole("button", { name: "Szukaj" }).click();
    await expect(page.getByRole("link", { name: "Usuń filtr: Szukaj: kocyl" })).toBeVisible();
    const typo = await cardTitles(page);
    expect(typo.length).toBeGreaterThan(3);
    for (const title of typo) expect(title).toMatch(/kocyk/i);

    // another ending of the word finds the same blankets first
    await box.fill("kocyki");
    await box.press("Enter");
    await expect(page.getByRole("link", { name: "Usuń filtr: Szukaj: kocyki" })).toBeVisible();
    const plural = await cardTitles(page);
    expect(plural.slice(0, typo.length).sort()).toEqual([...typo].sort());

    // removing the chip shows everything again and clears the box
    await page.getByRole("link", { name: "Usuń filtr: Szukaj: kocyki" }).click();
    await expect(page).toHaveURL(/\/produkty$/);
    await expect(box).toHaveValue("");
    expect(await productCards(page).count()).toBe(24);
  });

  test("an empty result says Brak produktów, and a chip brings the products back", async ({ page }) => {
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Szukaj" });
    await box.fill("traktor");
    await box.press("Enter");
    await expect(page.getByText("Brak produktów")).toBeVisible();
    await expect(productCount(page, 0)).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Usuń filtr: Szukaj: traktor" }).click();
    await expect(page.getByText("Brak produktów")).toBeHidden();
    expect(await productCards(page).count()).toBeGreaterThan(0);
  });

  test("text typed into the search box before its code has loaded is what is searched", async ({ page }) => {
    // a slow phone: the page hydrates while the box's code is still on its way, and the shopper types
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/search-box-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/produkty");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Szukaj" });
    await box.fill("traktor");
    const loaded = page.waitForResponse(/\/assets\/search-box-[^/]*\.js$/);
    release();
    await loaded;
    await page.waitForFunction(() => {
      const input = document.querySelector('header input[type="search"]');
      return input !== null && Object.keys(input).some((key) => key.startsWith("__reactProps"));
    });
    await expect(box).toHaveValue("traktor");
    await box.press("Enter");
    await expect(page).toHaveURL(/\?szukaj=traktor$/);
    await expect(page.getByText("Brak produktów")).toBeVisible();
  });

  test("pages through the list with previous and next", async ({ page, request }) => {
    const all = await apiList(request, "");
    expect(all.total).toBeGreaterThan(24);
    const pagination = page.getByRole("navigation", { name: "Strony wyników" });
    await expect(pagination.getByRole("link", { name: "Strona 1" })).toHaveAttribute("aria-current", "page");
    const first = await cardTitles(page);
    await pagination.getByRole("link", { name: "Następna strona" }).click();
    await expect(page).toHaveURL(/\?strona=2$/);
    await expect(pagination.getByRole("link", { name: "Strona 2" })).toHaveAttribute("aria-current", "page");
    const second = await cardTitles(page);
    expect(second).toEqual((await apiList(request, "strona=2")).items.map((item) => item.title));
    expect(second.filter((title) => first.includes(title))).toEqual([]);
    await expect(productCount(page, all.total)).toBeVisible();
    await pagination.getByRole("link", { name: "Poprzednia strona" }).click();
    await expect(page).toHaveURL(/\/produkty$/);
    await expect.poll(() => cardTitles(page)).toEqual(first);
  });

  test("shows products out of stock dimmed and without a way to add them", async ({ page, request }) => {
    const listed = await apiList(request, "");
    const soldOut = listed.items.find((item) => item.thumbnail.totalQuantity === 0);
    expect(soldOut, "the demo shop lists a sold-out product on the first page").toBeDefined();
    const card = productCards(page).filter({
      has: page.getByRole("heading", { name: soldOut?.title ?? "" }),
    });
    await expect(card.getByText("Niedostępny")).toBeVisible();
    await expect(card).toHaveAttribute("data-unavailable", /.*/);
    await expect(card.getByRole("button")).toHaveCount(0);
    const opacity = await card.getByRole("img").evaluate((image) => Number(getComputedStyle(image).opacity));
    expect(opacity).toBeLessThan(1);
  });
});

test.describe("the product list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters, sorts and pages with plain links and forms", async ({ page, request, baseURL }) => {
    await rejectCookies(page, baseURL);
    await page.goto("/produkty");
    await page.getByRole("combobox", { name: "Sortuj wg" }).selectOption({ label: "ceny" });
    await page.getByRole("button", { name: "Sortuj", exact: true }).click();
    await expect(page).toHaveURL(/\?sortujWg=price$/);
    await expect.poll(async () => isSorted(await cardPrices(page), "asc")).toBe(true);

    await openFilters(page);
    await page.getByRole("checkbox", { name: "Nowości" }).check();
    await page.getByRole("spinbutton", { name: "Do" }).fill("150");
    await page.getByRole("button", { name: "Zastosuj" }).click();
    // a plain GET form: every field is in the address, the empty "Od" too
    await expect(page).toHaveURL(/maxCena=150/);
    const params = new URL(page.url()).searchParams;
    expect([params.get("nowosci"), params.get("sortujWg"), params.get("maxCena")]).toEqual([
      "tak",
      "price",
      "150",
    ]);
    const filtered = await apiList(request, "nowosci=tak&sortujWg=price&maxCena=150");
    await expect.poll(() => cardTitles(page)).toEqual(filtered.items.map((item) => item.title));

    // the chips link to the canonical address
    await page.getByRole("link", { name: "Usuń filtr: Nowości" }).click();
    await expect(page).toHaveURL(/\?sortujWg=price&maxCena=150$/);
    await page.getByRole("link", { name: "Zmień kierunek sortowania: rosnąco" }).click();
    await expect(page).toHaveURL(/\?sortujWg=price&sortujTyp=desc&maxCena=150$/);
    await expect.poll(async () => isSorted(await cardPrices(page), "desc")).toBe(true);
  });
});
