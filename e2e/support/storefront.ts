import { expect, type Page } from "@playwright/test";

// Page helpers that act like a shopper: role-based locators and the spec's Polish texts.

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/**
 * Opens the categories menu of the top bar: the mega-menu on a desktop, the menu drawer on a phone.
 * A click before hydration does nothing, so the button is pressed again while its menu is still closed.
 */
export async function openCategoriesMenu(page: Page): Promise<void> {
  if (isPhone(page)) {
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(async () => {
      if (!(await menu.isVisible())) await page.getByRole("button", { name: "Otwórz menu" }).click();
      await expect(menu).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    return;
  }
  const menuButton = page.getByRole("banner").getByRole("button", { name: "Produkty" });
  await expect(async () => {
    if ((await menuButton.getAttribute("aria-expanded")) !== "true") await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Opens a category from the top bar: the mega-menu on a desktop, the menu drawer on a phone. */
export async function openCategory(page: Page, title: string, parentTitle?: string): Promise<void> {
  await openCategoriesMenu(page);
  if (isPhone(page)) {
    const menu = page.getByRole("dialog", { name: "Menu" });
    // the parent's disclosure (its name also stands in its "Wszystkie produkty: …" link)
    if (parentTitle)
      await menu.locator("summary", { has: page.getByText(parentTitle, { exact: true }) }).click();
    await menu.getByRole("link", { name: title, exact: true }).click();
    return;
  }
  await page.getByRole("banner").getByRole("link", { name: title, exact: true }).click();
}

export function productLinks(page: Page) {
  return page.getByRole("main").locator('a[href^="/produkt/"]');
}

/** Switches the language with the top-bar switch (inside the menu drawer on a phone). */
export async function switchLanguage(page: Page, to: "English" | "Polski"): Promise<void> {
  if (isPhone(page)) {
    await page
      .getByRole("button", { name: "Otwórz menu" })
      .or(page.getByRole("button", { name: "Open menu" }))
      .click();
    await page.getByRole("dialog").getByRole("button", { name: to }).click();
    return;
  }
  await page.getByRole("banner").getByRole("button", { name: to }).click();
}
