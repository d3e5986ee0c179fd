import { axeViolations } from "./support/axe";
import { isPhone, openCategoriesMenu } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// axe-core finds no violations on the storefront's screens, at desktop width and on a phone,
// with the cookie notice showing (as a first visit sees them).

async function ready(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
}

test.describe("accessibility (axe-core)", () => {
  test("home page", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page with the categories menu open", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    await openCategoriesMenu(page);
    if (isPhone(page)) await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    else
      await expect(page.getByRole("banner").getByRole("link", { name: "Wszystkie produkty" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("product list", async ({ page }) => {
    await page.goto("/produkty");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("product list with filters", async ({ page }) => {
    await page.goto("/produkty?wyprzedaz=tak&sortujWg=price&sortujTyp=desc");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("product page", async ({ page }) => {
    await page.goto("/produkty");
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("blog list and an article", async ({ page }) => {
    await page.goto("/blog");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("main").locator('a[href^="/blog/"]').first().click();
    await expect(page).toHaveURL(/\/blog\/\d+/);
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a static page", async ({ page }) => {
    await page.goto("/regulamin");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a page that does not exist", async ({ page }) => {
    await page.goto("/nie-ma-takiej-strony");
    await ready(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("home page in English, cookies decided", async ({ page, baseURL }) => {
    const url = baseURL ?? "";
    await page.context().addCookies([
      { name: "lang", value: "en", url },
      { name: "cookieConsent", value: "0", url },
    ]);
    await page.goto("/");
    await ready(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await axeViolations(page)).toEqual([]);
  });
});
