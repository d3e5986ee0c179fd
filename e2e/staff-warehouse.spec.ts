import { MODERATOR, signIn, toasts } from "./support/accounts";
import { expect, test } from "./support/test";

// A shop moderator changes stock in the warehouse table — inline and in bulk — and the product page
// shows the new availability; bad CSV lines are refused with their line numbers.

test.describe("a shop moderator in the warehouse", () => {
  test.setTimeout(90_000);

  test("edits a stock inline and in bulk, and the product page follows", async ({ page }) => {
    const title = `Rożek magazyn ${Date.now()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const created = await page.request.post("/api/shops/products", {
      data: { title, priceGrosze: 9_900, quantity: 2, isHidden: true },
    });
    expect(created.status()).toBe(201);
    const { _id, slug } = (await created.json()) as { _id: number; slug: string };

    await page.goto(`/produkt/${_id}-${slug}`);
    await expect(page.getByText("Ostatnie sztuki")).toBeVisible();

    await page.goto("/konto/sklep/magazyn");
    await expect(page.getByRole("heading", { level: 1, name: "Magazyn" })).toBeVisible();
    await page.getByLabel("Szukaj produktu lub wariantu").fill(title);
    await page.getByLabel("Tylko niski stan").check();
    await page.getByRole("button", { name: "Filtruj" }).click();
    await expect(page.getByText("Wierszy: 1")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect(row.getByText("Niski")).toBeVisible();

    await page.getByLabel(`Stan: ${title}`).fill("42");
    await page.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(
      toasts(page).filter({ hasText: "Zapisano stan magazynu (zmienione wiersze: 1)" }),
    ).toBeVisible();
    // no longer low: the "only low stock" filter leaves it out
    await expect(page.getByText("Wierszy: 0")).toBeVisible();

    await page.goto(`/konto/sklep/magazyn?szukaj=${encodeURIComponent(title)}`);
    await expect(page.getByLabel(`Stan: ${title}`)).toHaveValue("42");
    await page.getByRole("checkbox", { name: `Zaznacz: ${title}` }).check();
    await page.getByLabel("Liczba sztuk").fill("3");
    await page.getByRole("button", { name: "Dodaj sztuki" }).click();
    await expect(toasts(page).filter({ hasText: "Zapisano stan magazynu" })).toBeVisible();
    await expect(page.getByLabel(`Stan: ${title}`)).toHaveValue("45");

    await page.goto(`/produkt/${_id}-${slug}`);
    await expect(page.getByText("Duża dostępność")).toBeVisible();
  });

  test("refuses a save over stock an order changed since the page was loaded", async ({ page }) => {
    const title = `Rożek wyścig ${Date.now()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const created = await page.request.post("/api/shops/products", {
      data: { title, priceGrosze: 9_900, quantity: 2, isHidden: true },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: number };

    await page.goto(`/konto/sklep/magazyn?szukaj=${encodeURIComponent(title)}`);
    await expect(page.getByRole("columnheader", { name: "W nieopłaconych zamówieniach" })).toBeVisible();
    await expect(page.getByLabel(`Stan: ${title}`)).toHaveValue("2");
    // meanwhile the stock changes (as an order taking a unit would)
    const changed = await page.request.put("/api/shops/warehouse", {
      data: [{ productId: _id, quantity: 1 }],
    });
    expect(changed.status()).toBe(200);

    await page.getByLabel(`Stan: ${title}`).fill("42");
    await page.getByRole("button", { name: "Zapisz zmiany" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "zmienił się od wczytania strony" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`${title} (2 → 1)`);
    await expect(alert).toContainText("Nic nie zapisano");
    // the table shows the fresh figure; saving again from it is applied
    await expect(page.getByLabel(`Stan: ${title}`)).toHaveValue("1");
    await page.getByLabel(`Stan: ${title}`).fill("42");
    await page.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(
      toasts(page).filter({ hasText: "Zapisano stan magazynu (zmienione wiersze: 1)" }),
    ).toBeVisible();
    await expect(page.getByLabel(`Stan: ${title}`)).toHaveValue("42");
  });

  test("refuses a CSV with bad lines and lists them", async ({ page }) => {
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await page.goto("/konto/sklep/magazyn?szukaj=nic-takiego-nie-ma");
    await page.getByLabel("Plik CSV").setInputFiles({
      name: "magazyn.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("productId;variantId;title;variant;quantity\n1;;x;;-4\n"),
    });
    await page.getByRole("button", { name: "Importuj CSV" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Plik nie został zaimportowany" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Wiersz 2: ilość musi być liczbą całkowitą, co najmniej 0");
  });
});
