import { expect, type Page, test } from "./support/test";

// A shopper reading the blog and the static pages, and writing through the contact form
// (SPEC §2 Blog and static pages, Contact; §5 Contact validation; §8 Contact messages).

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "0", url: baseURL ?? "" }]);
});

function footerLinks(page: Page) {
  return page.getByRole("contentinfo").getByRole("navigation", { name: "Informacje" }).getByRole("link");
}

test.describe("blog", () => {
  test("reads a blog post from the list", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page.getByText(/Porady krawieckie/)).toBeVisible();
    const first = page.getByRole("main").getByRole("heading", { level: 2 }).first().getByRole("link");
    const title = (await first.textContent())?.trim() ?? "";
    await first.click();

    await expect(page).toHaveURL(/\/blog\/\d+-/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("main").locator("time").first()).toHaveText(/\d/);
    await expect(page.getByRole("main").getByRole("article").locator("p").first()).not.toBeEmpty();
    await expect(page).toHaveTitle(new RegExp(title));
  });

  test("an article with related products shows their carousel", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("link", { name: "Jak skompletować wyprawkę dla noworodka" }).click();
    const related = page.getByRole("region", { name: "Produkty z artykułu" });
    await expect(related).toBeVisible();
    await expect(related.locator('a[href^="/produkt/"]').first()).toBeVisible();
  });

  test("a missing article is a 404", async ({ page }) => {
    const response = await page.goto("/blog/999999-nie-ma");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Dany artykuł nie istnieje" })).toBeVisible();
  });
});

test.describe("static pages", () => {
  test("opens every page linked from the footer", async ({ page }) => {
    await page.goto("/");
    const all = (await footerLinks(page).allInnerTexts()).map((text) => text.trim());
    // the withdrawal function's link (issue 27) is a form, not a static page
    expect(all).toContain("Odstąpienie od umowy");
    const titles = all.filter((title) => title !== "Odstąpienie od umowy");
    expect(titles).toEqual(expect.arrayContaining(["O nas", "Kontakt", "Regulamin sklepu"]));
    expect(titles.length).toBeGreaterThanOrEqual(5);

    for (const title of titles) {
      await footerLinks(page).getByText(title, { exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(/Zaktualizowano \d/)).toBeVisible();
    }
  });

  test("the English application description has its own address", async ({ page }) => {
    const response = await page.goto("/dev-info-en");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "About the application" })).toBeVisible();
  });

  test("an unknown address is a 404 page", async ({ page }) => {
    const response = await page.goto("/nie-ma-takiej-strony");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Szukana strona nie istnieje" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Strona główna" })).toBeVisible();
  });
});

test.describe("contact form", () => {
  test("shows the errors, keeps the text, then sends the message", async ({ page }, testInfo) => {
    await page.goto("/kontakt");
    await expect(page.getByRole("heading", { level: 1, name: "Kontakt" })).toBeVisible();
    const form = page.getByRole("region", { name: "Napisz do nas" });
    const email = form.getByLabel("E-mail");
    const message = form.getByLabel("Wiadomość");
    const send = form.getByRole("button", { name: "Wyślij wiadomość" });

    await send.click();
    await expect(form.getByRole("alert")).toHaveText("Formularz zawiera błędy, popraw je i spróbuj ponownie");
    await expect(form.getByText("To pole jest obowiązkowe")).toHaveCount(2);

    await email.fill("anna@");
    await message.fill("Czy uszyjecie kocyk w kolorze żółtym?");
    await send.click();
    await expect(form.getByText("Wprowadź poprawny adres e-mail")).toBeVisible();
    await expect(message).toHaveValue("Czy uszyjecie kocyk w kolorze żółtym?");

    await email.fill(`anna.${testInfo.project.name}@example.com`);
    await send.click();
    await expect(form.getByRole("status")).toHaveText("Wiadomość została wysłana");
    await expect(message).toHaveValue("");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers with the field errors and keeps the text, then sends", async ({
    page,
  }, testInfo) => {
    await page.goto("/kontakt");
    const form = page.getByRole("region", { name: "Napisz do nas" });
    await form.getByLabel("E-mail").fill("nie-email");
    await form.getByLabel("Wiadomość").fill("Pytanie o zamówienie indywidualne");
    await form.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(form.getByRole("alert")).toHaveText("Formularz zawiera błędy, popraw je i spróbuj ponownie");
    await expect(form.getByText("Wprowadź poprawny adres e-mail")).toBeVisible();
    await expect(form.getByLabel("Wiadomość")).toHaveValue("Pytanie o zamówienie indywidualne");
    await expect(form.getByLabel("E-mail")).toHaveValue("nie-email");

    await form.getByLabel("E-mail").fill(`jan.${testInfo.project.name}@example.com`);
    await form.getByRole("button", { name: "Wyślij wiadomość" }).click();
    await expect(form.getByRole("status")).toHaveText("Wiadomość została wysłana");
  });
});
