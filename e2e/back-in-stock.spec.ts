import { countMails, MODERATOR, signIn, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { createProduct } from "./support/catalog-api";
import { expect, test } from "./support/test";

// "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080): a shopper on a sold-out product
// asks to be told, confirms by the e-mail's link, staff restock it in the warehouse and the notice
// arrives (the stock trigger queues the job the shop's worker runs).

test.describe("back-in-stock notices", () => {
  test.setTimeout(90_000);

  test("a shopper asks, confirms by the link, staff restock and the notice arrives", async ({
    page,
    browser,
    baseURL,
  }) => {
    const title = `Kocyk powrót ${Date.now()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const { _id, slug } = await createProduct(page.request, {
      title,
      priceGrosze: 12_900,
      quantity: 0,
      isHidden: false,
    });

    const shopper = await browser.newPage({ baseURL });
    const email = uniqueEmail("powrot");
    await shopper.goto(`/produkt/${_id}-${slug}`);
    await expect(shopper.getByText("Produkt niedostępny")).toBeVisible();
    const form = shopper.getByRole("form", { name: "Powiadom mnie, gdy będzie dostępny" });
    await form.getByLabel("Twój e-mail").fill(email);
    await form.getByRole("button", { name: "Powiadom mnie" }).click();
    await expect(form.getByRole("status")).toHaveText(/znajdziesz w skrzynce link/);

    const confirmation = await waitForMail(email, "back-in-stock-confirm");
    const link = confirmation.text.match(/\/powiadom-mnie\/potwierdz\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await shopper.goto(link as string);
    await shopper.getByRole("button", { name: "Potwierdzam" }).click();
    await expect(shopper.getByText("Dziękujemy! Napiszemy do Ciebie")).toBeVisible();

    // staff see one subscriber waiting (a count, no address)
    await page.goto(`/konto/sklep/produkty?szukaj=${encodeURIComponent(title)}`);
    await expect(page.getByTestId("back-in-stock-waiting")).toHaveText("Czeka na dostępność: 1");

    await page.goto(`/konto/sklep/magazyn?szukaj=${encodeURIComponent(title)}`);
    await page.getByLabel(`Stan: ${title}`).fill("3");
    await page.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(toasts(page).filter({ hasText: "Zapisano stan magazynu" })).toBeVisible();

    await expect.poll(() => countMails(email, "back-in-stock"), { timeout: 30_000 }).toBe(1);
    const notice = await waitForMail(email, "back-in-stock");
    expect(notice.text).toContain(`/produkt/${_id}-${slug}`);
    expect(notice.text).toContain("129,00");

    // the mail app's one-click unsubscribe (RFC 8058): a POST to the notice's own link, no page
    const unsubscribe = notice.text.match(/\/powiadom-mnie\/wypisz\?token=[\w-]+/)?.[0] as string;
    const oneClick = await shopper.request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain("Wypisano. Nie wyślemy już powiadomienia");
    // one click only unsubscribes: the confirmation link still needs its page's button
    const confirmLink = confirmation.text.match(/\/powiadom-mnie\/potwierdz\?token=[\w-]+/)?.[0] as string;
    const confirmByOneClick = await shopper.request.post(confirmLink, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(confirmByOneClick.status()).toBe(400);
    await shopper.close();
  });
});
