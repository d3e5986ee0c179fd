import { MODERATOR, signIn, toasts } from "./support/accounts";
import { expect, type Page, test, waitForHydrated } from "./support/test";

// A shop moderator adds a product with two variants of a price-changing demo field, sees it in the
// shop, gives one variant a promotional price and sees the struck-through price and the lowest
// price of 30 days; then "dodaj podobny" from the product page makes a copy and shows its preview.

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

/** Ticks a product field; before hydration the variant rows do not follow, so it tries again. */
async function chooseField(page: Page, name: string, firstRow: string) {
  const field = page
    .getByRole("group", { name: "Pola produktu" })
    .getByRole("checkbox", { name, exact: true });
  await expect(async () => {
    if (await field.isChecked()) await field.uncheck();
    await field.check();
    await expect(page.getByLabel(`Cena (zł): ${firstRow}`, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe("a shop moderator managing products", () => {
  test.setTimeout(120_000);

  test("adds a product with two variants, sees it in the shop, then reduces a variant's price", async ({
    page,
  }) => {
    const title = `Kocyk e2e ${unique()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await page.goto("/konto/sklep/produkty");
    await page.getByRole("link", { name: "Dodaj produkt" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dodaj produkt" })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByLabel("Nazwa", { exact: true }).fill(title);
    await main.getByLabel("Tagi", { exact: true }).fill("e2e, kocyk");
    await main.getByLabel("Cena (zł)", { exact: true }).fill("100,00");
    await main.getByRole("group", { name: "Kategorie" }).getByRole("checkbox").first().check();
    await chooseField(page, "Rozmiar zmienia cenę", "70x100 cm");
    await main.getByLabel("Cena (zł): 70x100 cm", { exact: true }).fill("100,00");
    await main.getByLabel("Ilość: 70x100 cm", { exact: true }).fill("3");
    await main.getByLabel("Cena (zł): 100x140 cm", { exact: true }).fill("140,00");
    await main.getByLabel("Ilość: 100x140 cm", { exact: true }).fill("2");
    await main.getByRole("button", { name: "Zapisz produkt" }).click();

    await expect(toasts(page).filter({ hasText: "Dodano produkt" })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/konto\/sklep\/produkty$/);
    await page.getByLabel("Szukaj po nazwie").fill(title);
    await page.getByRole("button", { name: "Filtruj" }).click();
    await expect(page.getByText("Znaleziono: 1")).toBeVisible();
    // with variants the list shows their price span, not the product's own price
    await expect(page.getByText("100,00 zł – 140,00 zł", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: `Zobacz w sklepie: ${title}` }).click();

    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("product-price")).toHaveText("100,00 zł");
    await expect(page.getByRole("radio", { name: /100x140 cm/ })).toBeAttached();

    // edit from the product page: saving comes back to it
    await page
      .getByRole("navigation", { name: "Narzędzia moderatora" })
      .getByRole("link", { name: "edytuj" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edytuj produkt" })).toBeVisible();
    // a promotional price above the price is refused with the reason
    const promo = page.getByLabel("Cena promocyjna (zł): 70x100 cm", { exact: true });
    await promo.fill("120,00");
    await page.getByRole("button", { name: "Zapisz produkt" }).click();
    await expect(page.getByText("Cena promocyjna nie może być wyższa niż cena")).toBeVisible();
    await promo.fill("80,00");
    await page.getByRole("button", { name: "Zapisz produkt" }).click();

    await expect(toasts(page).filter({ hasText: "Zaktualizowano produkt" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("product-price")).toHaveText("80,00 zł");
    await expect(page.locator("s", { hasText: "100,00 zł" })).toBeVisible();
    await expect(page.getByText("najniższa cena z 30 dni: 100,00 zł")).toBeVisible();
  });

  test("“dodaj podobny” opens a prefilled copy and shows the new product's page after saving", async ({
    page,
  }) => {
    const title = `Poduszka e2e ${unique()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const created = await page.request.post("/api/shops/products", {
      data: { title, description: "<p>Do skopiowania</p>", priceGrosze: 4_999, quantity: 4, isHidden: true },
    });
    expect(created.status()).toBe(201);
    const { _id, slug } = (await created.json()) as { _id: number; slug: string };

    await page.goto(`/produkt/${_id}-${slug}`);
    await page
      .getByRole("navigation", { name: "Narzędzia moderatora" })
      .getByRole("link", { name: "dodaj podobny" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Kopia produktu „${title}”` })).toBeVisible();
    // the staff form is a new document: its "Zapisz produkt" works once it has hydrated
    await waitForHydrated(page);
    await expect(page.getByLabel("Nazwa", { exact: true })).toHaveValue(`${title} (kopia)`);
    await expect(page.getByLabel("Cena (zł)", { exact: true })).toHaveValue("49,99");
    await page.getByRole("button", { name: "Zapisz produkt" }).click();

    await expect(toasts(page).filter({ hasText: "Dodano produkt" })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/produkt\/\d+-/);
    await expect(page).not.toHaveURL(new RegExp(`/produkt/${_id}-`));
    await expect(page.getByRole("heading", { level: 1, name: `${title} (kopia)` })).toBeVisible();
    await expect(page.getByTestId("product-price")).toHaveText("49,99 zł");
  });

  test("a customer is refused and a visitor is sent to log in", async ({ page }) => {
    await page.goto("/konto/sklep/produkty/dodaj");
    await expect(page).toHaveURL(/\/logowanie\?return=/);
    await signIn(page, "klient@example.com", "klient1234");
    const response = await page.goto("/konto/sklep/produkty");
    expect(response?.status()).toBe(403);
  });
});

test.describe("the product form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(90_000);

  test("shows field errors with the typed values kept, then saves a variant's new price", async ({
    page,
  }) => {
    const title = `Śpiworek nojs ${unique()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const fields = (await (await page.request.get("/api/shops/fields")).json()) as {
      _id: number;
      title: string;
      options: { _id: number }[];
    }[];
    const size = fields.find((field) => field.title === "Rozmiar");
    if (!size) throw new Error("the demo field Rozmiar is missing");
    const created = await page.request.post("/api/shops/products", {
      data: {
        title,
        priceGrosze: 10_000,
        isHidden: true,
        fields: [size._id],
        variants: size.options.map((option, index) => ({
          fields: { [size._id]: option._id },
          priceGrosze: 10_000 + index * 1_000,
          quantity: 1,
        })),
      },
    });
    expect(created.status()).toBe(201);
    const { _id } = (await created.json()) as { _id: number };

    await page.goto(`/konto/sklep/produkty/edytuj/${_id}`);
    await page.getByLabel("Nazwa", { exact: true }).fill("");
    await page.getByLabel("Cena (zł): 70x100 cm", { exact: true }).fill("55,50");
    await page.getByRole("button", { name: "Zapisz produkt" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" })).toBeVisible();
    await expect(page.getByLabel("Cena (zł): 70x100 cm", { exact: true })).toHaveValue("55,50");

    await page.getByLabel("Nazwa", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Zapisz produkt" }).click();
    await expect(toasts(page).filter({ hasText: "Zaktualizowano produkt" })).toBeVisible();
    const product = (await (await page.request.get(`/api/shops/products/staff?szukaj=${_id}`)).json()) as {
      items: { _id: number; priceGrosze: number }[];
    };
    expect(product.items.map((item) => item._id)).toContain(_id);
    await page.goto(`/konto/sklep/produkty/edytuj/${_id}`);
    await expect(page.getByLabel("Cena (zł): 70x100 cm", { exact: true })).toHaveValue("55,50");
  });
});
