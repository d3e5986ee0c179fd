// Polish texts of one area of the shop: Login, register, reset password, new password and the token pages. The browser loads them with the
// modules that use them (web/lib/auth-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plAuth = {
  "auth.loginTitle": "Logowanie",
  "auth.registerTitle": "Rejestracja",
  "auth.resetTitle": "Resetowanie hasła",
  "auth.resetDescription":
    "Podaj adres e-mail przypisany do konta. Wyślemy na niego link do ustawienia nowego hasła.",
  "auth.newPasswordTitle": "Ustaw nowe hasło",
  "auth.email": "E-mail",
  "auth.password": "Hasło",
  "auth.confirmPassword": "Powtórz hasło",
  "auth.newPassword": "Nowe hasło",
  "auth.displayName": "Imię i nazwisko/Nazwa",
  "auth.terms": "Akceptuję {terms} oraz {privacyPolicy}",
  "auth.termsLink": "regulamin",
  "auth.privacyPolicyLink": "politykę prywatności",
  "auth.loginButton": "Zaloguj się",
  "auth.registerButton": "Zarejestruj się",
  "auth.send": "Wyślij",
  "auth.forgotPassword": "Nie pamiętasz hasła?",
  "auth.noAccount": "Nie masz konta?",
  "auth.registerLink": "Zarejestruj się",
  "auth.haveAccount": "Masz już konto?",
  "auth.loginLink": "Zaloguj się",
  "auth.backToLogin": "Wróć do logowania",
  "auth.tokenSuccessTitle": "Adres e-mail został potwierdzony",
  "auth.tokenSuccessText": "Dziękujemy! Twój adres e-mail został potwierdzony.",
  "auth.tokenSuccessGoHome": "Przejdź do strony głównej",
  "auth.tokenSuccessLogin": "Zaloguj się",
  "auth.tokenErrorTitle": "Nie udało się potwierdzić adresu e-mail",
  "auth.tokenErrorUserNotFound": "Nie znaleziono użytkownika o podanym adresie e-mail.",
  "auth.tokenErrorUserNotFoundAction": "Zarejestruj się",
  "auth.tokenErrorInvalidToken":
    "Link jest nieprawidłowy lub wygasł. Zaloguj się i kliknij „Wyślij ponownie”, aby otrzymać nowy link.",
  "auth.tokenErrorInvalidTokenAction": "Zaloguj się",
  "auth.tokenErrorAlreadyConfirmedTitle": "Adres e-mail jest już potwierdzony",
  "auth.tokenErrorAlreadyConfirmed": "Twój adres e-mail został już potwierdzony. Możesz się zalogować.",
  "auth.tokenErrorAlreadyConfirmedAction": "Zaloguj się",
  "auth.tokenErrorUnknown": "Nie udało się potwierdzić adresu e-mail. Spróbuj ponownie później.",
  "auth.newPasswordMissingLink":
    "Ten link jest niepełny. Otwórz link z wiadomości e-mail albo poproś o nowy.",
  "auth.requestNewLink": "Poproś o nowy link",
  "account.passwordHint":
    "Co najmniej 7 znaków. Nie używaj popularnych haseł, takich jak „qwerty123” czy „haslo1234”.",
} as const;

export type AuthKey = keyof typeof plAuth;
