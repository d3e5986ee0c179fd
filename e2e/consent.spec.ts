import { analyticsRequests, cookieNotice, dataLayer, pageViews, stubGtag } from "./support/consent";
import { expect, type Page, test } from "./support/test";

// Cookie consent (SPEC §2 Other shell elements, §9): accept and reject, stored for a year;
// GA4 (the e2e server has GA_MEASUREMENT_IDS=G-TEST123) loads only after accepting and sends
// one page view per address, manually.

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function consentCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "cookieConsent");
}

function expectAboutAYear(expires: number | undefined) {
  const seconds = (expires ?? 0) - Date.now() / 1000;
  expect(seconds).toBeGreaterThan(YEAR_SECONDS - 120);
  expect(seconds).toBeLessThan(YEAR_SECONDS + 120);
}

test.describe("cookie consent", () => {
  test("rejecting keeps every analytics request away, on every page and after a reload", async ({ page }) => {
    const requests = analyticsRequests(page);
    await page.goto("/");
    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("button", { name: "Akceptuję" })).toBeVisible();

    await notice.getByRole("button", { name: "Odrzucam" }).click();
    await expect(notice).toBeHidden();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe("0");
    expectAboutAYear(cookie?.expires);

    // browse on: a product, the sale list, then a full reload
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    await page.goto("/produkty?wyprzedaz=tak");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cookieNotice(page)).toHaveCount(0);

    expect(requests).toEqual([]);
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  test("nothing loads before a decision", async ({ page }) => {
    const requests = analyticsRequests(page);
    await page.goto("/");
    await expect(cookieNotice(page)).toBeVisible();
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    await expect(cookieNotice(page)).toBeVisible();
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  test("accepting loads GA4 once and sends a page view per navigation", async ({ page }) => {
    const scripts = await stubGtag(page);
    await page.goto("/");
    expect(scripts).toHaveLength(0);

    await cookieNotice(page).getByRole("button", { name: "Akceptuję" }).click();
    await expect(cookieNotice(page)).toBeHidden();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe("1");
    expectAboutAYear(cookie?.expires);

    await expect.poll(() => scripts.length).toBe(1);
    expect(new URL(scripts[0] ?? "").searchParams.get("id")).toBe("G-TEST123");
    const calls = await dataLayer(page);
    expect(calls).toContainEqual(["config", "G-TEST123", { send_page_view: false }]);
    await expect.poll(() => pageViews(page)).toEqual(["/"]);

    // a client-side navigation sends the next page view, with the new page's title
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    const productPath = new URL(page.url()).pathname;
    await expect.poll(() => pageViews(page)).toEqual(["/", productPath]);
    const lastView = (await dataLayer(page)).filter((call) => call[1] === "page_view").at(-1);
    expect(lastView?.[2]).toMatchObject({ page_title: await page.title(), send_to: ["G-TEST123"] });
    expect(scripts).toHaveLength(1);

    // remembered: after a reload analytics start at once
    await page.reload();
    await expect(cookieNotice(page)).toHaveCount(0);
    await expect.poll(() => scripts.length).toBe(2);
    await expect.poll(() => pageViews(page)).toEqual([productPath]);
  });

  test("analytics see no link token, e-mail or order key in an address (issue 24)", async ({ page }) => {
    await stubGtag(page);
    await page.goto("/");
    await cookieNotice(page).getByRole("button", { name: "Akceptuję" }).click();
    await expect.poll(() => pageViews(page)).toEqual(["/"]);

    for (const [url, path] of [
      ["/gotowe?orderNumber=20260042&email=jan.kowalski%40example.com", "/gotowe"],
      ["/ustaw-nowe-haslo?token=SekretnyToken123&email=jan.kowalski%40example.com", "/ustaw-nowe-haslo"],
    ]) {
      await page.goto(url ?? "");
      await expect.poll(() => pageViews(page)).toEqual([path]);
      const sent = JSON.stringify(await dataLayer(page));
      for (const secret of ["20260042", "jan.kowalski", "SekretnyToken123"])
        expect(sent).not.toContain(secret);
      expect(sent).toContain(`"page_location":"http`);
    }
  });

  test("a decision can be changed from the footer: withdrawing consent stops the page views", async ({
    page,
  }) => {
    await stubGtag(page);
    await page.goto("/");
    await cookieNotice(page).getByRole("button", { name: "Akceptuję" }).click();
    await expect.poll(() => pageViews(page)).toEqual(["/"]);

    // the footer hydrates after the page (its code loads meanwhile); a click before that is the
    // no-JavaScript form, which works but moves no focus
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll("footer button")].find((b) =>
        b.textContent?.includes("Ustawienia plików cookie"),
      );
      return button !== undefined && Object.keys(button).some((key) => key.startsWith("__reactProps"));
    });
    await page.getByRole("contentinfo").getByRole("button", { name: "Ustawienia plików cookie" }).click();
    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("button", { name: "Odrzucam" })).toBeFocused();
    await notice.getByRole("button", { name: "Odrzucam" }).click();
    await expect(notice).toBeHidden();
    expect((await consentCookie(page))?.value).toBe("0");

    // no page view for a navigation after the withdrawal
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await pageViews(page)).toEqual(["/"]);

    await page.goto("/produkty");
    await page.getByRole("main").locator('a[href^="/produkt/"]').first().click();
    await expect(page).toHaveURL(/\/produkt\//);
    // a full load after the withdrawal: no script, no data layer
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the notice's buttons work as a form and the answer is kept", async ({ page }) => {
      await page.goto("/produkty?premium=tak");
      await cookieNotice(page).getByRole("button", { name: "Odrzucam" }).click();
      await expect(page).toHaveURL(/\/produkty\?premium=tak$/);
      await expect(cookieNotice(page)).toHaveCount(0);
      expect((await consentCookie(page))?.value).toBe("0");

      await page.getByRole("contentinfo").getByRole("button", { name: "Ustawienia plików cookie" }).click();
      await expect(cookieNotice(page)).toBeVisible();
      await cookieNotice(page).getByRole("button", { name: "Akceptuję" }).click();
      await expect(cookieNotice(page)).toHaveCount(0);
      const cookie = await consentCookie(page);
      expect(cookie?.value).toBe("1");
      expectAboutAYear(cookie?.expires);
    });
  });

  test("the consent form refuses an unknown answer", async ({ request }) => {
    const response = await request.post("/zgoda-cookies", {
      form: { decision: "maybe", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});
