import { createTranslator, type Lang } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";
import { emailLayout, htmlLines, htmlLink } from "../mail/mail-html";

// The customer's refund e-mails (issue 27), in the order's language: "Zwrot pieniędzy rozpoczęty"
// when the payment provider accepted the refund, "Zwrot pieniędzy zakończony" when the money went
// out (with the correcting invoice when one was issued). Pure: refunds.service.ts sends them after
// the transaction that recorded the refund's status.

export type RefundEmailKind = "started" | "done";

export const REFUND_EMAIL_TEMPLATES: Readonly<Record<RefundEmailKind, string>> = {
  started: "refund-started",
  done: "refund-done",
};

export interface RefundEmailInput {
  to: string;
  lang: Lang;
  shopName: string;
  orderNumber: string;
  amountGrosze: number;
  /** absolute link to the order page */
  orderUrl: string;
  /** absolute link to the correcting invoice's PDF, when one was issued */
  correctionUrl: string | null;
}

export function refundEmail(kind: RefundEmailKind, input: RefundEmailInput): MailMessage {
  const t = createTranslator(input.lang);
  const values = { orderNumber: input.orderNumber, amount: formatPrice(input.amountGrosze) };
  const subject = t(kind === "started" ? "email.refundStartedSubject" : "email.refundDoneSubject", values);
  const intro = t(kind === "started" ? "email.refundStartedIntro" : "email.refundDoneIntro", values);
  const links: [string, string][] = [[t("email.refundOrderLink"), input.orderUrl]];
  if (input.correctionUrl) links.push([t("email.refundCorrectionLink"), input.correctionUrl]);
  const greeting = t("email.refundOwedGreeting");
  const signature = t("email.orderSignature", { shopName: input.shopName });
  const text = `${[greeting, intro, ...links.map(([label, url]) => `${label}\n${url}`), signature].join("\n\n")}\n`;
  const html = emailLayout({
    lang: input.lang,
    title: subject,
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      ...links.map(([label, url]) => `<p>${escapeHtml(label)}<br>${htmlLink(url, url)}</p>`),
      `<p>${htmlLines(signature)}</p>`,
    ].join("\n"),
  });
  return { to: input.to, subject, text, html, template: REFUND_EMAIL_TEMPLATES[kind] };
}
