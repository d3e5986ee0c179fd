import { MODERATOR, signIn, toasts } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { expect, test } from "./support/test";

// GPSR (issue 30, docs/decisions/073): a shop moderator fills a product's safety information on the
// product form; the product page shows it in "Bezpieczeństwo produktu" before the add-to-cart
// button, on a 360 px phone and on a desktop, without widening the page; both screens pass axe.

test("staff fill the product safety information and the product page shows it before the purchase", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e4)}`;
  const title = `Kocyk GPSR ${stamp}`;
  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto("/konto/sklep/produkty/dodaj");
  const main = page.getByRole("main");
  await main.getByLabel("Nazwa", { exact: true }).fill(title);
  await main.getByLabel("Cena (zł)", { exact: true }).fill("89,00");
  await main.getByLabel("Ilość", { exact: true }).fill("3");
  await main.getByLabel("SKU (kod produktu)").fill(`GPSR-${stamp}`);
  await main.getByLabel("EAN / GTIN").fill("5901234123457");
  await main.getByLabel("Nazwa producenta").fill("Tkalnia Nitka sp. z o.o.");
  await main.getByLabel("Adres pocztowy producenta").fill("ul. Przędzalniana 5, 90-001 Łódź");
  await main.getByLabel("E-mail lub strona internetowa producenta").fill("kontakt@nitka.example");
  await main
    .getByLabel("Ostrzeżenia i informacje o bezpieczeństwie")
    .fill("Nie dla dzieci poniżej 3 lat — małe elementy.");
  await main.getByLabel("Pielęgnacja i pranie").fill("Prać w 30°C.");
  expect(await axeViolations(page)).toEqual([]);
  await main.getByRole("button", { name: "Zapisz produkt" }).click();
  await expect(toasts(page).filter({ hasText: "Dodano produkt" })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel("Szukaj po nazwie").fill(title);
  await page.getByRole("button", { name: "Filtruj" }).click();
  await page.getByRole("link", { name: `Zobacz w sklepie: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const block = page.locator("details#product-safety");
  await block.getByText("Bezpieczeństwo produktu").click();
  await expect(block.getByText("Tkalnia Nitka sp. z o.o.")).toBeVisible();
  await expect(block.getByRole("link", { name: "kontakt@nitka.example" })).toHaveAttribute(
    "href",
    "mailto:kontakt@nitka.example",
  );
  await expect(block.getByText(`GPSR-${stamp}`)).toBeVisible();
  await expect(block.getByText("Nie dla dzieci poniżej 3 lat — małe elementy.")).toBeVisible();
  await expect(block.getByText("Prać w 30°C.")).toBeVisible();
  // before the purchase: above the add-to-cart button, and the page no wider than the screen
  const blockBox = await block.boundingBox();
  const buttonBox = await page.getByRole("button", { name: "Dodaj do koszyka" }).first().boundingBox();
  expect(blockBox && buttonBox && blockBox.y < buttonBox.y).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});
