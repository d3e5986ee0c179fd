import type { Lang } from "../../../domain/i18n";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";

// The accounts e-mails: e-mail confirmation and password reset, in Polish (default) or English.
// Plain text with the link on its own line, plus a simple HTML version.

export const CONFIRMATION_TEMPLATE = "email-confirmation";
export const PASSWORD_RESET_TEMPLATE = "password-reset";

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
  /** signed with the shop's configured name (SHOP_NAME) */
  signature: (shopName: string) => string;
}

const CONFIRMATION: Record<Lang, Texts> = {
  pl: {
    subject: "Potwierdź adres e-mail",
    greeting: (name) => `Dzień dobry ${name},`,
    intro:
      "dziękujemy za założenie konta w naszym sklepie. Aby potwierdzić adres e-mail i aktywować konto, otwórz link:",
    action: "Potwierdź adres e-mail",
    validity: "Link jest ważny 48 godzin i można go użyć tylko raz.",
    ignore: "Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.",
    signature: (shop) => `Pozdrawiamy\nZespół sklepu ${shop}`,
  },
  en: {
    subject: "Confirm your e-mail address",
    greeting: (name) => `Hello ${name},`,
    intro:
      "thank you for creating an account in our shop. To confirm your e-mail address and activate the account, open the link:",
    action: "Confirm e-mail address",
    validity: "The link is valid for 48 hours and can be used once.",
    ignore: "If you did not create an account, please ignore this message.",
    signature: (shop) => `Best regards\nThe ${shop} team`,
  },
};

const PASSWORD_RESET: Record<Lang, Texts> = {
  pl: {
    subject: "Ustaw nowe hasło",
    greeting: (name) => `Dzień dobry ${name},`,
    intro:
      "otrzymaliśmy prośbę o ustawienie nowego hasła do Twojego konta. Aby ustawić nowe hasło, otwórz link:",
    action: "Ustaw nowe hasło",
    validity: "Link jest ważny 1 godzinę i można go użyć tylko raz.",
    ignore: "Jeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość — hasło pozostanie bez zmian.",
    signature: (shop) => `Pozdrawiamy\nZespół sklepu ${shop}`,
  },
  en: {
    subject: "Set a new password",
    greeting: (name) => `Hello ${name},`,
    intro:
      "we received a request to set a new password for your account. To set a new password, open the link:",
    action: "Set a new password",
    validity: "The link is valid for 1 hour and can be used once.",
    ignore:
      "If you did not ask for a new password, please ignore this message; your password stays as it is.",
    signature: (shop) => `Best regards\nThe ${shop} team`,
  },
};

function compose(
  texts: Texts,
  shopName: string,
  to: string,
  name: string,
  link: string,
  template: string,
): MailMessage {
  const signature = texts.signature(shopName);
  const text = [
    texts.greeting(name),
    "",
    texts.intro,
    link,
    "",
    texts.validity,
    texts.ignore,
    "",
    signature,
    "",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(texts.greeting(name))}</p>`,
    `<p>${escapeHtml(texts.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`,
    `<p style="word-break:break-all">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(texts.validity)} ${escapeHtml(texts.ignore)}</p>`,
    `<p>${escapeHtml(signature).replace("\n", "<br>")}</p>`,
  ].join("\n");
  return { to, subject: texts.subject, text, html, template };
}

/** `shop`: the shop's configured name (config.shopName), in the signature */
export function confirmationEmail(
  lang: Lang,
  shop: string,
  to: string,
  name: string,
  link: string,
): MailMessage {
  return compose(CONFIRMATION[lang], shop, to, name, link, CONFIRMATION_TEMPLATE);
}

export function passwordResetEmail(
  lang: Lang,
  shop: string,
  to: string,
  name: string,
  link: string,
): MailMessage {
  return compose(PASSWORD_RESET[lang], shop, to, name, link, PASSWORD_RESET_TEMPLATE);
}
