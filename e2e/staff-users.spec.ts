import { fillRegisterForm, signIn, toasts, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/test";

// The admin's users list (SPEC §6: admin lists, approves and deletes users).

test.describe("an administrator managing accounts", () => {
  test.setTimeout(90_000);

  test("approves a new account, then deletes it", async ({ page }) => {
    const email = uniqueEmail("approve");
    await page.goto("/rejestracja");
    await fillRegisterForm(page, { name: "Nowa Klientka", email, password: "tajne-haslo-1" });
    await expect(page).toHaveURL(/\/logowanie$/, { timeout: 15_000 });

    await signIn(page, "admin@example.com", "admin1234");
    await page.goto("/konto/sklep/uzytkownicy");
    await expect(page.getByRole("heading", { level: 1, name: "Użytkownicy" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: email });
    await expect(row.getByText("Niezatwierdzony")).toBeVisible();

    await row.getByRole("button", { name: `Zatwierdź: ${email}` }).click();
    await expect(toasts(page).filter({ hasText: "Użytkownik został zatwierdzony" })).toBeVisible();
    await expect(row.getByText("Zatwierdzony", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Zatwierdź: ${email}` })).toHaveCount(0);

    page.once("dialog", (dialog) => dialog.accept());
    await row.getByRole("button", { name: `Usuń: ${email}` }).click();
    await expect(toasts(page).filter({ hasText: "Użytkownik został usunięty" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  });

  test("a customer is refused with the admin-role message", async ({ page }) => {
    await signIn(page, "klient@example.com", "klient1234");
    const response = await page.goto("/konto/sklep/uzytkownicy");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Wymagana rola administratora" })).toBeVisible();
  });

  test("an anonymous visitor is sent to log in and back", async ({ page }) => {
    await page.goto("/konto/sklep/uzytkownicy");
    await expect(page).toHaveURL(/\/logowanie\?return=%2Fkonto%2Fsklep%2Fuzytkownicy$/);
  });
});

test.describe("an administrator editing a user's roles", () => {
  test.setTimeout(90_000);

  test("gives a customer the shop-moderator role, and the audit log shows the change", async ({ page }) => {
    const email = uniqueEmail("role");
    await page.goto("/rejestracja");
    await fillRegisterForm(page, { name: "Przyszła Moderatorka", email, password: "tajne-haslo-1" });
    await expect(page).toHaveURL(/\/logowanie$/, { timeout: 15_000 });

    await signIn(page, "admin@example.com", "admin1234");
    await page.goto(`/konto/sklep/uzytkownicy?szukaj=${encodeURIComponent(email)}`);
    const row = page.getByRole("listitem").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Edytuj: ${email}` }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Edytuj użytkownika Przyszła Moderatorka" }),
    ).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Jesteś tutaj" }).getByText("Przyszła Moderatorka"),
    ).toBeVisible();

    // no role at all is refused with the field message, nothing saved
    await page.getByRole("checkbox", { name: "Użytkownik", exact: true }).uncheck();
    await page.getByRole("button", { name: "Zapisz" }).click();
    await expect(page.getByText("To pole jest obowiązkowe")).toBeVisible();

    await page.getByRole("checkbox", { name: "Użytkownik", exact: true }).check();
    await page.getByRole("checkbox", { name: "Moderator sklepu" }).check();
    await page.getByRole("checkbox", { name: "Konto zatwierdzone" }).check();
    await page.getByRole("button", { name: "Zapisz" }).click();
    await expect(toasts(page).filter({ hasText: "Zaktualizowano użytkownika" })).toBeVisible();
    await expect(page).toHaveURL(/\/konto\/sklep\/uzytkownicy$/);
    await expect(
      page.getByRole("listitem").filter({ hasText: email }).getByText("Role: Moderator sklepu, Użytkownik"),
    ).toBeVisible();

    await page.goto("/konto/sklep/dziennik?obiekt=user");
    const entry = page.getByRole("row").filter({ hasText: "user.roles" }).first();
    await expect(entry).toContainText("admin@example.com");
    await expect(entry).toContainText('["user"]');
    await expect(entry).toContainText('["shop-moderator","user"]');
  });
});
