import { createTranslator, type Lang } from "../../../domain/i18n";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";
import { emailLayout, htmlLines, htmlLink } from "../mail/mail-html";

// The two e-mails of the back-in-stock notice (issue 30, docs/decisions/080), in the language the
// subscriber used, each with its unsubscribe link. Pure.

export const BACK_IN_STOCK_CONFIRM_TEMPLATE = "back-in-stock-confirm";
export const BACK_IN_STOCK_TEMPLATE = "back-in-stock";

interface Common {
  lang: Lang;
  to: string;
  product: string;
  /** absolute links */
  unsubscribeUrl: string;
  shopName: string;
}

/** The double opt-in: the link that confirms the subscription. */
export function backInStockConfirmEmail(input: Common & { confirmUrl: string }): MailMessage {
  const t = createTranslator(input.lang);
  const subject = t("email.backInStockConfirmSubject", { product: input.product });
  return message(input, {
    template: BACK_IN_STOCK_CONFIRM_TEMPLATE,
    subject,
    intro: t("email.backInStockConfirmIntro", { product: input.product }),
    link: { url: input.confirmUrl, label: t("email.backInStockConfirmLink") },
    after: t("email.backInStockConfirmIgnore"),
  });
}

/** The notice itself: the product is available again, at this price. */
export function backInStockEmail(input: Common & { productUrl: string; price: string }): MailMessage {
  const t = createTranslator(input.lang);
  return message(input, {
    template: BACK_IN_STOCK_TEMPLATE,
    subject: t("email.backInStockSubject", { product: input.product }),
    intro: t("email.backInStockIntro", { product: input.product, price: input.price }),
    link: { url: input.productUrl, label: t("email.backInStockLink") },
    after: null,
  });
}

function message(
  input: Common,
  parts: {
    template: string;
    subject: string;
    intro: string;
    link: { url: string; label: string };
    after: string | null;
  },
): MailMessage {
  const t = createTranslator(input.lang);
  const greeting = t("email.refundOwedGreeting");
  const signature = t("email.orderSignature", { shopName: input.shopName });
  const unsubscribe = t("email.backInStockUnsubscribe");
  const text = [
    `${greeting}\n${parts.intro}`,
    `${parts.link.label}:\n${parts.link.url}`,
    ...(parts.after ? [parts.after] : []),
    signature,
    `${unsubscribe}\n${input.unsubscribeUrl}`,
  ].join("\n\n");
  const bodyHtml = [
    `<p>${htmlLines(`${greeting}\n${parts.intro}`)}</p>`,
    `<p><strong>${htmlLink(parts.link.url, parts.link.label)}</strong></p>`,
    ...(parts.after ? [`<p>${escapeHtml(parts.after)}</p>`] : []),
    `<p>${htmlLines(signature)}</p>`,
    `<p style="font-size:13px;color:#57534e">${escapeHtml(unsubscribe)} ${htmlLink(input.unsubscribeUrl, input.unsubscribeUrl)}</p>`,
  ].join("\n");
  return {
    to: input.to,
    subject: parts.subject,
    text: `${text}\n`,
    html: emailLayout({ lang: input.lang, title: parts.subject, bodyHtml }),
    template: parts.template,
    // mail apps' own "unsubscribe" button: one POST to the same link (RFC 8058)
    listUnsubscribe: input.unsubscribeUrl,
  };
}
