import type { Locator } from "@playwright/test";
import {
  accountIcon,
  CUSTOMER,
  countMails,
  fillRegisterForm,
  isPhone,
  linkIn,
  logIn,
  registerAndConfirm,
  submitLogin,
  toasts,
  UNAPPROVED,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";
import { productLinks } from "./support/storefront";
import { expect as baseExpect, test } from "./support/test";

// Accounts as a shopper meets them: register and confirm by e-mail, log in and out, reset a
// forgotten password, the unapproved banner, the token pages, return-to-route and settings.

// Password hashing is deliberately slow in production (scrypt, N=2^17); the e2e shop hashes at the
// test-run cost (PASSWORD_HASH_COST=quick, N=2^12), but on a busy machine a login or register answer
// can still take seconds, so waits after those submissions are longer than Playwright's default.
const AFTER_SUBMIT = 15_000;
const expect = baseExpect.configure({ timeout: AFTER_SUBMIT });
test.describe.configure({ timeout: 90_000 });

test.describe("a new customer", () => {
  test("registers, confirms the e-mail from the outbox, logs in and sees the account", async ({ page }) => {
    const user = { name: "Anna Testowa", email: uniqueEmail("rejestracja"), password: "tajne-haslo-1" };
    await page.goto("/rejestracja");
    await expect(page.getByRole("heading", { level: 1, name: "Rejestracja" })).toBeVisible();
    await fillRegisterForm(page, user);

    await expect(page).toHaveURL(/\/logowanie$/);
    await expect(toasts(page)).toContainText("Konto zostało utworzone");

    const mail = await waitForMail(user.email, "email-confirmation");
    const link = linkIn(mail, "/api/auth/confirm-email");
    await page.goto(link);
    await expect(page).toHaveURL(/\/token-success$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Adres e-mail został potwierdzony" }),
    ).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Zaloguj się" }).click();
    await expect(page).toHaveURL(/\/logowanie$/);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/konto$/);
    await expect(page.getByRole("heading", { level: 1, name: `Witaj, ${user.name}!` })).toBeVisible();
    await expect(page.getByText("Aktywne", { exact: true })).toBeVisible();
    await expect(page.getByText(/Twoje konto nie jest aktywne/)).toHaveCount(0);
    await expect(accountIcon(page, "Konto")).toBeVisible();

    // the link works once: a second use says the e-mail is already confirmed
    await page.goto(link);
    await expect(page).toHaveURL(/\/token-error\?errorType=user-has-already-confirmed-email$/);
    await expect(
      page.getByText("Twój adres e-mail został już potwierdzony. Możesz się zalogować."),
    ).toBeVisible();
  });

  test("sees field errors, and the server's message when the e-mail is taken", async ({ page }) => {
    await page.goto("/rejestracja");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Zarejestruj się" }).click();
    await expect(main.getByRole("alert")).toHaveText("Formularz zawiera błędy, popraw je i spróbuj ponownie");
    await expect(main.getByText("To pole jest obowiązkowe").first()).toBeVisible();
    await expect(main.getByText("Zaakceptuj regulamin i politykę prywatności")).toBeVisible();
    await expect(page).toHaveURL(/\/rejestracja$/);

    await fillRegisterForm(page, {
      name: "Jan Kowalski",
      email: uniqueEmail("rozne-hasla"),
      password: "tajne-haslo-1",
      confirm: "inne-haslo-2",
    });
    await expect(main.getByText("Hasła muszą być takie same")).toBeVisible();
    await expect(page).toHaveURL(/\/rejestracja$/);

    await fillRegisterForm(page, { name: "Jan Kowalski", email: CUSTOMER.email, password: "tajne-haslo-1" });
    await expect(main.getByRole("alert")).toHaveText("Nie udało się! Ten adres e-mail jest już zajęty!");
    await expect(main.getByLabel("Imię i nazwisko/Nazwa")).toHaveValue("Jan Kowalski");
    await expect(main.getByLabel("E-mail")).toHaveValue(CUSTOMER.email);
  });
});

test.describe("logging in and out", () => {
  test("a wrong password is refused above the form, the right one opens the account", async ({ page }) => {
    await page.goto("/logowanie");
    await submitLogin(page, CUSTOMER.email, "zle-haslo");
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toHaveText("Nieprawidłowe hasło!");
    await expect(main.getByLabel("E-mail")).toHaveValue(CUSTOMER.email);

    // an unknown address gets the very same answer (no account enumeration)
    await submitLogin(page, uniqueEmail("nikt"), "zle-haslo");
    await expect(main.getByRole("alert")).toHaveText("Nieprawidłowe hasło!");

    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(/\/konto$/);
    await expect(page.getByRole("heading", { level: 1, name: `Witaj, ${CUSTOMER.name}!` })).toBeVisible();

    // guest-only pages send a signed-in visitor on
    await page.goto("/logowanie");
    await expect(page).toHaveURL(/\/konto$/);
    await page.goto("/rejestracja?return=%2Fkonto%2Fzakupy");
    await expect(page).toHaveURL(/\/konto\/zakupy$/);
  });

  test("returns to the page that asked for login", async ({ page }) => {
    await page.goto("/konto/ustawienia");
    await expect(page).toHaveURL(/\/logowanie\?return=%2Fkonto%2Fustawienia$/);
    await expect(page.getByText("Zaloguj się, aby kontynuować")).toBeVisible();
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(/\/konto\/ustawienia$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ustawienia" })).toBeVisible();
  });

  test("returns to the last visited page after logging in from the account icon", async ({ page }) => {
    await page.goto("/produkty");
    // a client-side navigation to a product, then the account icon in the top bar
    const product = productLinks(page).first();
    const href = (await product.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/produkt\//);
    await product.click();
    await expect(page).toHaveURL(href);
    await accountIcon(page, "Zaloguj się").click();
    await expect(page).toHaveURL(/\/logowanie$/);
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(href);
    await expect(accountIcon(page, "Konto")).toBeVisible();
  });

  test("logs out from the account bar and the session ends", async ({ page }) => {
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.goto("/konto");
    const accountNav = page.getByRole("navigation", { name: "Menu konta" });
    await expect(accountNav.getByRole("link", { name: "Zakupy" })).toBeVisible();
    await expect(accountNav.getByRole("link", { name: "Sklep" })).toHaveCount(0);
    await accountNav.getByRole("button", { name: "Wyloguj" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(accountIcon(page, "Zaloguj się")).toBeVisible();
    await page.goto("/konto");
    await expect(page).toHaveURL(/\/logowanie\?return=%2Fkonto$/);
  });

  test("a moderator sees the Shop entry and a highlighted account icon", async ({ page }) => {
    await logIn(page, "admin@example.com", "admin1234");
    await page.goto("/konto");
    const accountNav = page.getByRole("navigation", { name: "Menu konta" });
    await expect(accountNav.getByRole("link", { name: "Sklep" })).toHaveAttribute("href", "/konto/sklep");
    await expect(accountIcon(page, "Konto")).toHaveClass(/bg-accent-600/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form still posts, shows the error and logs in", async ({ page }) => {
    await page.goto("/logowanie");
    await submitLogin(page, CUSTOMER.email, "zle-haslo");
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Nieprawidłowe hasło!");
    await expect(page.getByRole("main").getByLabel("E-mail")).toHaveValue(CUSTOMER.email);
    await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
    await expect(page).toHaveURL(/\/konto$/);
    await expect(page.getByRole("heading", { level: 1, name: `Witaj, ${CUSTOMER.name}!` })).toBeVisible();
  });
});

test.describe("a forgotten password", () => {
  test("is reset through the e-mail link, and the new password logs in", async ({ page }) => {
    const user = { name: "Ewa Zapominalska", email: uniqueEmail("reset"), password: "stare-haslo-1" };
    await registerAndConfirm(page, user);

    await page.goto("/logowanie");
    await page.getByRole("link", { name: "Nie pamiętasz hasła?" }).click();
    await expect(page).toHaveURL(/\/zresetuj-haslo$/);
    const email = page.getByRole("main").getByLabel("E-mail");
    await email.fill(user.email);
    await page.getByRole("main").getByRole("button", { name: "Wyślij" }).click();
    await expect(toasts(page)).toContainText("Wysłano email. Sprawdź skrzynkę pocztową");
    await expect(email).toHaveValue("");

    const mail = await waitForMail(user.email, "password-reset");
    const link = linkIn(mail, "/ustaw-nowe-haslo");
    expect(link).toMatch(/token=/);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Ustaw nowe hasło" })).toBeVisible();
    const main = page.getByRole("main");
    await main.getByLabel("Nowe hasło").fill("nowe-haslo-2");
    await main.getByLabel("Powtórz hasło").fill("nowe-haslo-2");
    await main.getByRole("button", { name: "Wyślij" }).click();
    await expect(page).toHaveURL(/\/logowanie$/);
    await expect(toasts(page)).toContainText("Zaktualizowano hasło.");

    await submitLogin(page, user.email, user.password);
    await expect(main.getByRole("alert")).toHaveText("Nieprawidłowe hasło!");
    await submitLogin(page, user.email, "nowe-haslo-2");
    await expect(page).toHaveURL(/\/konto$/);

    // the link was single-use
    await page
      .getByRole("navigation", { name: "Menu konta" })
      .getByRole("button", { name: "Wyloguj" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(link);
    await main.getByLabel("Nowe hasło").fill("trzecie-haslo-3");
    await main.getByLabel("Powtórz hasło").fill("trzecie-haslo-3");
    await main.getByRole("button", { name: "Wyślij" }).click();
    await expect(main.getByRole("alert")).toHaveText("Link jest nieprawidłowy lub wygasł");
  });

  test("gets the same answer for an address without an account", async ({ page }) => {
    const nobody = uniqueEmail("nieznany");
    await page.goto("/zresetuj-haslo");
    await page.getByRole("main").getByLabel("E-mail").fill(nobody);
    await page.getByRole("main").getByRole("button", { name: "Wyślij" }).click();
    await expect(toasts(page)).toContainText("Wysłano email. Sprawdź skrzynkę pocztową");
    expect(await countMails(nobody)).toBe(0);
  });
});

test.describe("an account not approved yet", () => {
  test("sees the red banner and asks for the confirmation e-mail again", async ({ page }) => {
    const before = await countMails(UNAPPROVED.email, "email-confirmation");
    await logIn(page, UNAPPROVED.email, UNAPPROVED.password);
    const banner = page.getByRole("alert").filter({ hasText: "Twoje konto nie jest aktywne" });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveClass(/bg-red-/);
    await banner.getByRole("button", { name: "Wyślij ponownie" }).click();
    await expect(toasts(page)).toContainText("Wysłano email. Sprawdź skrzynkę pocztową");
    const mail = await waitForMail(UNAPPROVED.email, "email-confirmation", before);
    expect(linkIn(mail, "/api/auth/confirm-email")).toContain("token=");
  });
});

test.describe("a confirmation link that does not work", () => {
  test("with an unknown token tells nothing about the address", async ({ page }) => {
    await page.goto(
      `/api/auth/confirm-email?token=nieznany-token-123&email=${encodeURIComponent(uniqueEmail("brak"))}`,
    );
    await expect(page).toHaveURL(/\/token-error\?errorType=invalid-token$/);
    await page.goto(
      `/api/auth/confirm-email?token=nieznany-token-123&email=${encodeURIComponent(CUSTOMER.email)}`,
    );
    await expect(page).toHaveURL(/\/token-error\?errorType=invalid-token$/);
  });

  test("for an address that is not the link's account leads to register", async ({ page }) => {
    await page.goto("/token-error?errorType=user-not-found");
    await expect(page.getByText("Nie znaleziono użytkownika o podanym adresie e-mail.")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Zarejestruj się" }).click();
    await expect(page).toHaveURL(/\/rejestracja$/);
  });

  test("with a wrong or expired token says to log in and resend", async ({ page }) => {
    await page.goto(
      `/api/auth/confirm-email?token=zly-token-123&email=${encodeURIComponent(UNAPPROVED.email)}`,
    );
    await expect(page).toHaveURL(/\/token-error\?errorType=invalid-token$/);
    await expect(page.getByText(/Link jest nieprawidłowy lub wygasł\. Zaloguj się i kliknij/)).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Zaloguj się" }).click();
    await expect(page).toHaveURL(/\/logowanie$/);
  });

  test("for an e-mail confirmed before says so", async ({ page }) => {
    await page.goto("/token-error?errorType=user-has-already-confirmed-email");
    // good news, headed as such (not "Nie udało się…")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Adres e-mail jest już potwierdzony");
    await expect(page).toHaveTitle(/^Adres e-mail jest już potwierdzony/);
    await expect(
      page.getByText("Twój adres e-mail został już potwierdzony. Możesz się zalogować."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Zaloguj się" })).toHaveAttribute(
      "href",
      "/logowanie",
    );
  });

  test("of an unknown kind gets a general message", async ({ page }) => {
    await page.goto("/token-error?errorType=cos-innego");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Nie udało się potwierdzić adresu e-mail",
    );
    await expect(
      page.getByText("Nie udało się potwierdzić adresu e-mail. Spróbuj ponownie później."),
    ).toBeVisible();
  });
});

test.describe("the account area", () => {
  test("settings refuse a bad phone number and save a good one", async ({ page }) => {
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.goto("/konto/ustawienia");
    const main = page.getByRole("main");
    const phone = main.getByLabel("Telefon");
    await phone.fill("12");
    await main.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(main.getByText("Wprowadź poprawny numer telefonu")).toBeVisible();
    await expect(main.getByRole("alert")).toHaveText("Formularz zawiera błędy, popraw je i spróbuj ponownie");

    const number = isPhone(page) ? "600 700 801" : "600 700 800";
    await phone.fill(number);
    await main.getByLabel("Ulica i numer").fill("ul. Krawiecka 7");
    await main.getByLabel("Kod pocztowy").fill("00-950");
    await main.getByLabel("Miejscowość").fill("Warszawa");
    await main.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(toasts(page)).toContainText("Zaktualizowano dane");
    await expect(main.getByText("Wprowadź poprawny numer telefonu")).toHaveCount(0);

    await page.reload();
    await expect(main.getByLabel("Telefon")).toHaveValue(number);
    await page.getByRole("navigation", { name: "Menu konta" }).getByRole("link", { name: "Konto" }).click();
    await expect(main.getByText(number)).toBeVisible();
    await expect(main.getByText("00-950 Warszawa")).toBeVisible();
  });

  test("changes the password: the old one no longer logs in, and another browser's session ends", async ({
    page,
    browser,
  }) => {
    const user = {
      name: "Zofia Zmieniająca",
      email: uniqueEmail("zmiana-hasla"),
      password: "pierwsze-haslo-1",
    };
    await registerAndConfirm(page, user);
    // another browser (a forgotten computer) signed in to the same account
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await logIn(other, user.email, user.password);
    await expect(other).toHaveURL(/\/konto$/);

    await logIn(page, user.email, user.password);
    await page.goto("/konto/ustawienia");
    const main = page.getByRole("main");
    const form = main.locator("section", { has: page.getByRole("heading", { name: "Zmiana hasła" }) });
    // the rule is said before the first submit
    await expect(form.getByText("Co najmniej 7 znaków.")).toBeVisible();
    await form.getByLabel("Obecne hasło", { exact: true }).fill(user.password);
    await form.getByLabel("Nowe hasło", { exact: true }).fill("qwerty123");
    await form.getByLabel("Powtórz nowe hasło", { exact: true }).fill("qwerty123");
    await form.getByRole("button", { name: "Zmień hasło" }).click();
    await expect(
      form.getByText("To hasło jest zbyt popularne i łatwe do odgadnięcia, wybierz inne"),
    ).toBeVisible();

    await form.getByLabel("Nowe hasło", { exact: true }).fill("drugie-haslo-2");
    await form.getByLabel("Powtórz nowe hasło", { exact: true }).fill("drugie-haslo-2");
    await form.getByRole("button", { name: "Zmień hasło" }).click();
    await expect(toasts(page)).toContainText("Zaktualizowano hasło.");
    // this browser stays signed in
    await expect(page).toHaveURL(/\/konto\/ustawienia$/);
    await expect(form.getByLabel("Obecne hasło", { exact: true })).toHaveValue("");

    // the other browser's session has ended
    await other.goto("/konto");
    await expect(other).toHaveURL(/\/logowanie/);
    await elsewhere.close();

    await page
      .getByRole("navigation", { name: "Menu konta" })
      .getByRole("button", { name: "Wyloguj" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/logowanie");
    await submitLogin(page, user.email, user.password);
    await expect(main.getByRole("alert")).toHaveText("Nieprawidłowe hasło!");
    await submitLogin(page, user.email, "drugie-haslo-2");
    await expect(page).not.toHaveURL(/\/logowanie/);
    await page.goto("/konto");
    await expect(page.getByRole("heading", { level: 1, name: `Witaj, ${user.name}!` })).toBeVisible();
  });

  test("my purchases show an empty state, and a missing purchase its not-found text", async ({ page }) => {
    // the not-yet-approved account cannot check out, so it never has orders (the demo customer buys in checkout.spec)
    await logIn(page, UNAPPROVED.email, UNAPPROVED.password);
    await page.goto("/konto");
    await page.getByRole("navigation", { name: "Menu konta" }).getByRole("link", { name: "Zakupy" }).click();
    await expect(page).toHaveURL(/\/konto\/zakupy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Moje zakupy" })).toBeVisible();
    await expect(page.getByText("Nie masz jeszcze żadnych zakupów.")).toBeVisible();

    const response = await page.goto("/konto/zakupy/987654321");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Nie znaleziono zamówienia o podanym numerze!")).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Przejdź do moich zakupów" }).click();
    await expect(page).toHaveURL(/\/konto\/zakupy$/);
  });
});

test.describe("forms say what they need before the first submit", () => {
  const PASSWORD_RULE =
    "Co najmniej 7 znaków. Nie używaj popularnych haseł, takich jak „qwerty123” czy „haslo1234”.";
  const LEGEND = "Pola oznaczone * są obowiązkowe.";

  /** The form's legend is shown, and each named field is required (visibly marked, announced as such). */
  async function expectRequired(form: Locator, labels: string[]) {
    await expect(form.getByText(LEGEND, { exact: true })).toBeVisible();
    for (const label of labels) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field, label).toHaveJSProperty("required", true);
      // the mark stands beside the label, out of the field's name
      await expect(field, label).toHaveAccessibleName(label);
      const labelLine = await field.evaluate((input) => {
        const own = (input as HTMLInputElement).labels?.[0];
        return own?.parentElement?.textContent ?? "";
      });
      expect(labelLine, label).toBe(`${label}*`);
    }
  }

  test("register: the password rule and the required fields", async ({ page }) => {
    await page.goto("/rejestracja");
    const main = page.getByRole("main");
    await expect(main.getByLabel("Hasło", { exact: true })).toHaveAccessibleDescription(PASSWORD_RULE);
    await expectRequired(main, ["Imię i nazwisko/Nazwa", "E-mail", "Hasło", "Powtórz hasło"]);
    await expect(main.getByRole("checkbox")).toHaveJSProperty("required", true);
  });

  test("new password from the e-mail link: the rule and the required fields", async ({ page }) => {
    await page.goto("/ustaw-nowe-haslo?token=abc&email=jan%40example.com");
    const main = page.getByRole("main");
    await expect(main.getByLabel("Nowe hasło", { exact: true })).toHaveAccessibleDescription(PASSWORD_RULE);
    await expectRequired(main, ["Nowe hasło", "Powtórz hasło"]);
  });

  test("account settings: the profile and the password change mark their required fields", async ({
    page,
  }) => {
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await page.goto("/konto/ustawienia");
    const password = page.getByRole("region", { name: "Zmiana hasła" });
    await expect(password.getByLabel("Nowe hasło", { exact: true })).toHaveAccessibleDescription(
      PASSWORD_RULE,
    );
    await expectRequired(password, ["Obecne hasło", "Nowe hasło", "Powtórz nowe hasło"]);
    const profile = page.getByRole("main").locator("form", { has: page.getByLabel("Telefon") });
    await expectRequired(profile, [
      "Imię i nazwisko/Nazwa",
      "Telefon",
      "Ulica i numer",
      "Kod pocztowy",
      "Miejscowość",
    ]);
    await expect(profile.getByLabel("NIP")).toHaveJSProperty("required", false);
  });

  test("contact: e-mail and message are marked required", async ({ page }) => {
    await page.goto("/kontakt");
    await expectRequired(page.getByRole("main").locator("form"), ["E-mail", "Wiadomość"]);
  });
});
