// URLs of the accounts area (SPEC §2 guest-only and login-required routes).
export { ACCOUNT_PATH, LOGIN_PATH } from "./paths";

export const REGISTER_PATH = "/rejestracja";
export const RESET_PASSWORD_PATH = "/zresetuj-haslo";
export const NEW_PASSWORD_PATH = "/ustaw-nowe-haslo";
export const LOGOUT_PATH = "/wyloguj";
export const ACCOUNT_ORDERS_PATH = "/konto/zakupy";
export const ACCOUNT_SETTINGS_PATH = "/konto/ustawienia";
/** the moderator area (built by the staff issue) */
export const ACCOUNT_SHOP_PATH = "/konto/sklep";
/** the admin's users list */
export const USERS_PATH = "/konto/sklep/uzytkownicy";
/** POST: sends the e-mail confirmation link again (unapproved banner) */
export const RESEND_CONFIRMATION_PATH = "/konto/wyslij-potwierdzenie";
export const TERMS_PATH = "/regulamin";
export const PRIVACY_POLICY_PATH = "/polityka-prywatnosci";

export function accountOrderPath(orderId: number): string {
  return `${ACCOUNT_ORDERS_PATH}/${orderId}`;
}
