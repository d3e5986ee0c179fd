import { MODERATOR, signIn, staffApi } from "./support/accounts";
import { type ApiProduct, productUrl } from "./support/catalog-api";
import { expect, test, waitForHydrated } from "./support/test";

// A shop moderator lowers the promotional price of a category's products by 10 % to x,99 in the
// staff list's bulk bar (issue 30, docs/decisions/074): the preview shows before → after, "Zastosuj"
// changes both, and the product page shows the new price with "najniższa cena z 30 dni" (the price
// before the reduction, the Omnibus rule).

test.describe("bulk edits in the staff product list", () => {
  test.setTimeout(90_000);

  test("a bulk −10 % on a category's products shows the new prices and the lowest price of 30 days", async ({
    page,
    playwright,
  }) => {
    const unique = `Hurt ${Date.now()}`;
    const staff = await staffApi(playwright);
    const category = await staff.post("/api/shops/categories", { data: { title: unique } });
    expect(category.status()).toBe(201);
    const categoryId = ((await category.json()) as { _id: number })._id;
    const products: ApiProduct[] = [];
    for (const [letter, priceGrosze] of [
      ["A", 10_000],
      ["B", 5_000],
    ] as const) {
      const created = await staff.post("/api/shops/products", {
        data: {
          title: `${unique} ${letter}`,
          categories: [categoryId],
          priceGrosze,
          quantity: 5,
          vatRate: 23,
        },
      });
      expect(created.status()).toBe(201);
      products.push((await created.json()) as ApiProduct);
    }
    await staff.dispose();

    await signIn(page, MODERATOR.email, MODERATOR.password);
    // the category's products are the ones its unique name finds
    await page.goto(`/konto/sklep/produkty?szukaj=${encodeURIComponent(unique)}`);
    await waitForHydrated(page);
    await expect(page.getByText("Znaleziono: 2")).toBeVisible();
    await page.getByRole("button", { name: "Zaznacz wszystkie wyniki (2)" }).click();

    const bar = page.getByRole("region", { name: /Zmiana wielu produktów/ });
    await bar.getByLabel("Co zmienić").selectOption({ label: "Cena promocyjna" });
    await bar.getByLabel("Kierunek").selectOption({ label: "Obniż" });
    await bar.getByLabel("O ile").fill("10");
    await bar.getByLabel("Zaokrąglenie").selectOption({ label: "Do x,99 zł" });
    await bar.getByRole("button", { name: "Podgląd zmian" }).click();

    await expect(bar.getByText("Zmieni się: 2, bez zmian: 0, odrzucone: 0")).toBeVisible();
    const rowA = bar.getByRole("row", { name: new RegExp(`${unique} A`) });
    await expect(rowA.getByRole("cell").nth(0)).toHaveText("100,00 zł");
    await expect(rowA.getByRole("cell").nth(1)).toHaveText("100,00 zł; promocja: 89,99 zł");
    await bar.getByRole("button", { name: "Zastosuj" }).click();
    await expect(bar.getByText("Zmieniono produkty: 2")).toBeVisible();
    // the list shows the new prices, struck-through regular ones beside them
    await expect(page.getByRole("main").getByText("89,99 zł", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("44,99 zł", { exact: true })).toBeVisible();

    await page.goto(productUrl(products[0] as ApiProduct));
    await expect(page.getByTestId("product-price")).toHaveText("89,99 zł");
    await expect(page.getByText("najniższa cena z 30 dni: 100,00 zł")).toBeVisible();
  });
});
