import type { Locator, Page } from "@playwright/test";
import { addToCart, checkoutAsGuest, productsToBuy } from "./support/checkout";
import { cookieNotice } from "./support/consent";
import { expect, test, waitForHydrated } from "./support/test";

// WCAG 2.4.11 Focus not obscured: with the cookie notice still showing (it sticks to the bottom of
// the window: 69 px on a desktop, 181 px on a phone), a keyboard user's focused element is never
// under it, and the notice's own controls come first after the skip link, not last on the page.

/** Where the focused element is against the notice's top; null when focus is in the notice or nowhere. */
async function focusAgainstNotice(notice: Locator) {
  return notice.evaluate((bar) => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || bar.contains(focused)) return null;
    const rect = focused.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return null;
    const label = `${focused.tagName.toLowerCase()} ${focused.getAttribute("aria-label") ?? focused.textContent?.trim().slice(0, 40) ?? ""} ${focused.getAttribute("name") ?? ""}`;
    return { label, bottom: Math.round(rect.bottom), barTop: Math.round(bar.getBoundingClientRect().top) };
  });
}

/** Focus is clear of the notice (it may take a smooth scroll to get there). */
async function expectFocusClear(notice: Locator) {
  await expect
    .poll(async () => {
      const where = await focusAgainstNotice(notice);
      return where === null || where.bottom <= where.barTop
        ? "clear"
        : `${where.label} covered: ${JSON.stringify(where)}`;
    })
    .toBe("clear");
}

/** Tabs through the page until `last` has focus, checking every stop (and arrow keys in radio groups). */
async function tabTo(page: Page, notice: Locator, last: Locator, maxStops = 90) {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press("Tab");
    await expectFocusClear(notice);
    if ((await last.count()) > 0 && (await last.evaluate((element) => element === document.activeElement)))
      return;
    if (await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === "radio")) {
      // a choice made with the arrow keys moves focus to the next option (and back: the first
      // choice is the one in stock)
      await page.keyboard.press("ArrowRight");
      await expectFocusClear(notice);
      await page.keyboard.press("ArrowLeft");
      await expectFocusClear(notice);
    }
  }
  throw new Error(`focus did not reach ${last} in ${maxStops} stops`);
}

/** After the skip link, the notice's controls come first (from a freshly loaded page). */
async function expectNoticeEarly(page: Page, notice: Locator) {
  await page.reload();
  await waitForHydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Przejdź do treści" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("link", { name: "Polityka prywatności" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("button", { name: "Odrzucam" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("button", { name: "Akceptuję" })).toBeFocused();
}

test.describe("with the cookie notice showing, a keyboard user", () => {
  test("tabs through the guest checkout with every focused field above the notice", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { simple } = await productsToBuy(request);
    await addToCart(page, simple);
    await page.goto("/koszyk");
    await checkoutAsGuest(page);
    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    // it still sits at the bottom of the window
    const box = await notice.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(page.viewportSize()?.height);

    await tabTo(page, notice, page.getByRole("button", { name: "Przejdź do płatności" }));
  });

  test("tabs through a product page and picks options with the arrow keys, never under the notice", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { variant } = await productsToBuy(request);
    await page.goto(variant.url);
    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    await waitForHydrated(page);
    await tabTo(page, notice, page.getByRole("button", { name: "Dodaj do koszyka" }));
  });

  test("reaches the notice right after the skip link, not at the end of the page", async ({ page }) => {
    await page.goto("/produkty");
    const notice = cookieNotice(page);
    await expect(notice).toBeVisible();
    await expectNoticeEarly(page, notice);
  });
});
