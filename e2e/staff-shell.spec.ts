import { ADMIN, CUSTOMER, isPhone, MODERATOR, signIn } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { expect, type Page, test } from "./support/test";

// The staff shell (issue 6): the staff navigation (a side column on a desktop, a disclosure menu on
// a phone) with the current section marked, the breadcrumbs built from the path, the dashboard,
// admin-only sections, and a customer refused with 403.

function staffNav(page: Page) {
  return page.getByRole("navigation", { name: "Menu panelu sklepu" });
}

/** On a phone the sections sit behind the "Sekcje panelu" disclosure. */
async function openNav(page: Page) {
  if (isPhone(page)) await staffNav(page).getByText("Sekcje panelu").click();
}

test.describe("the staff shell", () => {
  test.setTimeout(60_000);

  test("a shop moderator moves between sections with the navigation and the breadcrumbs", async ({
    page,
  }) => {
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await page.goto("/konto/sklep");
    await expect(page.getByRole("heading", { level: 1, name: "Panel sklepu" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ostatnie 30 dni" })).toHaveAttribute("aria-current", "true");

    await openNav(page);
    const nav = staffNav(page);
    await expect(nav.getByRole("link", { name: "Pulpit" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Zamówienia", "Produkty", "Kategorie", "Kody rabatowe", "Galeria", "Magazyn"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Użytkownicy" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Dziennik zmian" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Zadania w tle" })).toHaveCount(0);
    // the failed background jobs are the admins' business (they may retry them)
    await expect(page.getByRole("heading", { name: "Nieudane zadania w tle" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Zamówienia", exact: true }).click();
    await expect(page).toHaveURL(/\/konto\/sklep\/zamowienia$/);
    await expect(page.getByRole("heading", { level: 1, name: "Zamówienia" })).toBeVisible();
    await openNav(page);
    await expect(staffNav(page).getByRole("link", { name: "Zamówienia", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    const crumbs = page.getByRole("navigation", { name: "Jesteś tutaj" });
    await expect(crumbs.getByRole("link", { name: "Konto" })).toHaveAttribute("href", "/konto");
    await expect(crumbs.getByRole("link", { name: "Sklep" })).toHaveAttribute("href", "/konto/sklep");
    await expect(crumbs.getByText("Zamówienia")).toHaveAttribute("aria-current", "page");
    await crumbs.getByRole("link", { name: "Sklep" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Panel sklepu" })).toBeVisible();

    // an admin-only section refuses the moderator
    const refused = await page.goto("/konto/sklep/dziennik");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Wymagana rola administratora" })).toBeVisible();
  });

  test("an admin also sees Użytkownicy and Dziennik zmian", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/konto/sklep/dziennik");
    await expect(page.getByRole("heading", { level: 1, name: "Dziennik zmian" })).toBeVisible();
    await openNav(page);
    const nav = staffNav(page);
    await expect(nav.getByRole("link", { name: "Dziennik zmian" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Użytkownicy" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Jesteś tutaj" }).getByText("Dziennik zmian"),
    ).toBeVisible();
  });

  test("an admin finds the background jobs from the dashboard's counter and the navigation", async ({
    page,
  }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto("/konto/sklep");
    const counter = page.getByRole("region", { name: "Nieudane zadania w tle" });
    await expect(counter.getByTestId("failed-jobs-count")).toHaveText("0");
    await openNav(page);
    await staffNav(page).getByRole("link", { name: "Zadania w tle" }).click();
    await expect(page).toHaveURL(/\/konto\/sklep\/zadania$/);
    await expect(page.getByRole("heading", { level: 1, name: "Zadania w tle" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Nieudane (0)" })).toBeVisible();
    await expect(page.getByText("Brak nieudanych zadań.")).toBeVisible();
    // the shop's own periodic work is queued from its start
    const recent = page.getByRole("region", { name: "Ostatnie zadania" });
    await expect(recent.getByText("Anulowanie nieopłaconych zamówień")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a customer gets 403 at /konto/sklep", async ({ page }) => {
    await signIn(page, CUSTOMER.email, CUSTOMER.password);
    const response = await page.goto("/konto/sklep");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Wymagana rola moderatora" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menu panelu sklepu" })).toHaveCount(0);
  });
});
