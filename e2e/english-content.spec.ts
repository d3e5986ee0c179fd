import { expect, test } from "./support/test";

// English content (issue 30, docs/decisions/078): in the English interface a product with an English
// title shows it on its card, the card links the English slug, and the product page shows it too —
// written in English, so without the lang="pl" mark a Polish text keeps. The demo shop's seed gives
// "Żółty kocyk bawełniany" its English texts (server/db/seed/demo-data/english.ts).

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: "cookieConsent", value: "0", url: baseURL ?? "" },
    { name: "lang", value: "en", url: baseURL ?? "" },
  ]);
});

test("the English interface shows a product's English title and links its English slug", async ({ page }) => {
  await page.goto("/produkty?szukaj=yellow+cotton");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const card = page.getByRole("main").getByRole("link", { name: "Yellow cotton blanket", exact: true });
  await expect(card).toHaveAttribute("href", /^\/produkt\/\d+-Yellow_cotton_blanket$/);
  await expect(card).not.toHaveAttribute("lang");
  await card.click();
  await expect(page).toHaveURL(/\/produkt\/\d+-Yellow_cotton_blanket$/);
  const title = page.getByRole("heading", { level: 1, name: "Yellow cotton blanket" });
  await expect(title).toBeVisible();
  await expect(title).not.toHaveAttribute("lang");
});
