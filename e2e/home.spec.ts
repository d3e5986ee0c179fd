import { expect, test } from "@playwright/test";
import { openCategory, productLinks, switchLanguage } from "./support/storefront";

test.describe("a shopper on the home page", () => {
  test("sees the seeded shop and follows a category to its products", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/");
    await expect(page).toHaveTitle(/Szyciowo/);
    await expect(page.getByRole("link", { name: "Wyprzedaż" }).first()).toBeVisible();
    expect(await productLinks(page).count()).toBeGreaterThan(3);

    await openCategory(page, "Wyprawki");
    await expect(page).toHaveURL(/\/produkty\?kategoria=\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Produkty" })).toBeVisible();
    await expect(page.getByText("Kategoria: Wyprawki")).toBeVisible();
    await expect(productLinks(page).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("reaches a subcategory and sees only its products", async ({ page }) => {
    await page.goto("/");
    await openCategory(page, "Kocyki", "Dla dzieci");
    await expect(page.getByText("Kategoria: Kocyki")).toBeVisible();
    const titles = await productLinks(page).allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.join(" ").toLowerCase()).toContain("kocyk");
  });

  test("switches the shop to English and back", async ({ page }) => {
    await page.goto("/");
    await switchLanguage(page, "English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("link", { name: "Sale" }).first()).toBeVisible();
    await switchLanguage(page, "Polski");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await expect(page.getByRole("link", { name: "Wyprzedaż" }).first()).toBeVisible();
  });

  test("accepts the cookie notice once and does not see it again", async ({ page }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: /plików cookie/ });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Akceptuję" }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole("region", { name: /plików cookie/ })).toHaveCount(0);
  });
});
