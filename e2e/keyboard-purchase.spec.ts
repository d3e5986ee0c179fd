import type { Locator, Page } from "@playwright/test";
import { toasts, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { cartButton } from "./support/cart";
import { GUEST_ADDRESS, productsToBuy, recipientSection } from "./support/checkout";
import { cookieNotice } from "./support/consent";
import { expect, test, waitForHydrated } from "./support/test";

// A guest buys with the keyboard alone (issue 25, WCAG 2.2 AA): Tab, Shift+Tab, arrows, Space and
// Enter, never a click, on a 1280 px desktop and a 360 px phone, with the cookie notice still
// showing at the bottom of the window. At every stop the focused element is on screen and not
// covered (WCAG 2.4.11); after each action the focus is where the work continues (2.4.3); an error
// is said once (4.1.3).

/** Why the focused element cannot be seen, or null when it can (its centre is not under anything). */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return "focus is on the page body";
    let target: HTMLElement = focused;
    let rect = target.getBoundingClientRect();
    // a visually hidden control (a styled radio or checkbox) is seen through its label
    if (rect.width <= 2 || rect.height <= 2) {
      const label = (focused as HTMLInputElement).labels?.[0] ?? focused.parentElement;
      if (label) {
        target = label;
        rect = label.getBoundingClientRect();
      }
    }
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40)}"`;
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) return `${name} is off screen`;
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && !target.contains(top) && !top.contains(target) && !focused.contains(top)) {
      return `${name} is covered by ${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}`;
    }
    return null;
  });
}

/** The focused element is seen (a smooth scroll may take a moment). */
async function expectFocusSeen(page: Page): Promise<void> {
  await expect.poll(() => focusProblem(page), { timeout: 5_000 }).toBeNull();
}

/** Presses Tab (Shift+Tab backwards) until `target` has focus, checking that every stop on the way is seen. */
async function tabTo(
  page: Page,
  target: Locator,
  maxStops = 120,
  key: "Tab" | "Shift+Tab" = "Tab",
): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    await page.keyboard.press(key);
    await expectFocusSeen(page);
    if (
      (await target.count()) > 0 &&
      (await target.first().evaluate((element) => element === document.activeElement))
    )
      return;
  }
  throw new Error(`${key} did not reach ${target} in ${maxStops} stops`);
}

/** Types into the focused field (the keyboard, as a shopper types). */
async function typeHere(page: Page, field: Locator, text: string): Promise<void> {
  await expect(field).toBeFocused();
  await page.keyboard.type(text);
}

test.describe("a purchase with the keyboard alone", () => {
  test.setTimeout(180_000);

  test("a guest buys a product, from its page to the bank and back, with keys only", async ({
    page,
    request,
  }) => {
    const { simple } = await productsToBuy(request);
    const notice = cookieNotice(page);
    await page.goto(simple.url);
    await waitForHydrated(page);
    await expect(notice).toBeVisible();

    // the product page: "Dodaj do koszyka" opens the side cart, which takes the focus
    await tabTo(page, page.getByRole("button", { name: "Dodaj do koszyka" }));
    await page.keyboard.press("Enter");
    const sideCart = page.getByRole("dialog", { name: "Koszyk" });
    await expect(sideCart.getByText(simple.title).first()).toBeVisible();
    await expect
      .poll(() => sideCart.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true);
    // Escape closes it and gives the focus back to the button that opened it
    await page.keyboard.press("Escape");
    await expect(sideCart).toBeHidden();
    await expect(page.getByRole("button", { name: "Dodaj do koszyka" })).toBeFocused();

    // the cart: back up to the header's cart link, which opens the side cart; its "Do kasy"
    await tabTo(page, cartButton(page), 120, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(sideCart).toBeVisible();
    await tabTo(page, sideCart.getByRole("link", { name: "Do kasy" }), 30);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/koszyk$/);
    await waitForHydrated(page);
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Zakupy bez logowania" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
    await waitForHydrated(page);

    // "Przejdź do płatności" with nothing filled: the focus goes to the first field to correct and
    // the error is said once (no pop-up repeating it)
    await tabTo(page, page.getByRole("button", { name: "Przejdź do płatności" }));
    await page.keyboard.press("Enter");
    const recipient = recipientSection(page);
    const nameField = recipient.getByLabel("Imię i nazwisko/Nazwa");
    await expect(nameField).toBeFocused();
    await expectFocusSeen(page);
    await expect(page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" })).toHaveCount(1);
    await expect(toasts(page).filter({ hasText: "Formularz zawiera błędy" })).toHaveCount(0);

    // the recipient's form, field by field with Tab
    const email = uniqueEmail("klawiatura");
    await typeHere(page, nameField, GUEST_ADDRESS.name);
    for (const [label, value] of [
      ["E-mail", email],
      ["Telefon", GUEST_ADDRESS.phone],
      ["Ulica i numer", GUEST_ADDRESS.street],
      ["Kod pocztowy", GUEST_ADDRESS.postCode],
      ["Miejscowość", GUEST_ADDRESS.city],
    ] as const) {
      const field = recipient.getByLabel(label, { exact: true });
      await tabTo(page, field, 6);
      await typeHere(page, field, value);
    }
    await expect(recipient.getByText("To pole jest obowiązkowe")).toHaveCount(0);
    await tabTo(page, recipient.getByRole("button", { name: "Zapisz: Dane odbiorcy" }), 6);
    await page.keyboard.press("Enter");
    // saved: said once, and the focus moved on (not to the page body)
    await expect(
      page.getByRole("main").getByRole("status").filter({ hasText: "Zapisano: Dane odbiorcy." }),
    ).toHaveCount(1);
    await expect.poll(() => focusProblem(page)).toBeNull();
    await expect(recipient.getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();

    // delivery by courier, chosen with the arrow keys inside the radio group
    const delivery = page.getByRole("radio", { name: /Kurier/ });
    // Tab stops once in a radio group, on its checked option
    await tabTo(page, page.locator('input[type="radio"][name="delivery"]:checked'));
    for (let step = 0; step < 4 && !(await delivery.isChecked()); step += 1) {
      await page.keyboard.press("ArrowDown");
      await expectFocusSeen(page);
    }
    await expect(delivery).toBeChecked();
    await expect(delivery).toBeFocused();

    // the terms with Space, then "Przejdź do płatności"
    const terms = page.getByRole("checkbox", { name: /Akceptuję regulamin oraz politykę prywatności/ });
    await tabTo(page, terms);
    await page.keyboard.press("Space");
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole("button", { name: "Przejdź do płatności" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/bramka-demo\//, { timeout: 15_000 });
    await waitForHydrated(page);
    // nothing of the checkout's errors follows the shopper to the bank
    await expect(page.getByText("Formularz zawiera błędy")).toHaveCount(0);

    // the demo bank: "Zapłać", then the result page
    await tabTo(page, page.getByRole("button", { name: "Zapłać", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/gotowe\?orderNumber=/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: /Otrzymaliśmy Twoje zamówienie/ })).toBeVisible();
    expect(await axeViolations(page, "main")).toEqual([]);
  });
});
