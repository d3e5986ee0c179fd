import { createTranslator, formatDate, formatDateTime, type Lang } from "../../../domain/i18n";
import { escapeHtml } from "../../lib/escape-html";
import type { MailMessage } from "../mail/mail.service";
import { emailLayout, htmlLines, htmlLink } from "../mail/mail-html";

// The acknowledgement of a withdrawal statement on a durable medium (issue 27; consumer rights act
// art. 11a, docs/decisions/066): an e-mail in the statement's language with the moment it was
// received (Europe/Warsaw), the full statement exactly as stored, where to send the parcel (the
// RETURN_ADDRESS setting), the refund deadline and the links to the order page and the PDF. Pure.

export const WITHDRAWAL_RECEIVED_TEMPLATE = "withdrawal-received";

export interface WithdrawalEmailInput {
  lang: Lang;
  to: string;
  name: string;
  orderNumber: string;
  /** after_sale_statements.text */
  statementText: string;
  receivedAt: Date;
  refundDeadline: Date;
  returnAddress: readonly string[];
  /** absolute links */
  orderUrl: string;
  statementPdfUrl: string;
  shopName: string;
}

export function withdrawalReceivedEmail(input: WithdrawalEmailInput): MailMessage {
  const t = createTranslator(input.lang);
  const subject = t("afterSale.emailSubject", { orderNumber: input.orderNumber });
  const dateTime = formatDateTime(input.lang, input.receivedAt);
  const intro = `${t("afterSale.emailGreeting", { name: input.name })}\n${t("afterSale.emailIntro", { dateTime })}`;
  const refund = t("afterSale.refundBy", { date: formatDate(input.lang, input.refundDeadline) });
  const signature = t("email.orderSignature", { shopName: input.shopName });

  const text = [
    intro,
    input.statementText,
    `${t("afterSale.sendParcelTo")}\n${input.returnAddress.join("\n")}`,
    refund,
    `${t("afterSale.emailOrderLink")}\n${input.orderUrl}`,
    `${t("afterSale.statementPdf")}:\n${input.statementPdfUrl}`,
    signature,
  ].join("\n\n");

  const quote =
    "margin:16px 0;padding:12px 16px;border-left:3px solid #b4536a;background:#faf7f5;white-space:pre-wrap;font-family:inherit";
  const bodyHtml = [
    `<p>${htmlLines(intro)}</p>`,
    `<pre style="${quote}">${escapeHtml(input.statementText)}</pre>`,
    `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(t("afterSale.whatNext"))}</h2>`,
    `<p>${escapeHtml(t("afterSale.sendParcelTo"))}<br><strong>${input.returnAddress.map(escapeHtml).join("<br>")}</strong></p>`,
    `<p>${escapeHtml(refund)}</p>`,
    `<p>${escapeHtml(t("afterSale.emailOrderLink"))}<br>${htmlLink(input.orderUrl, t("afterSale.backToOrder"))}</p>`,
    `<p>${htmlLink(input.statementPdfUrl, t("afterSale.statementPdf"))}</p>`,
    `<p>${htmlLines(signature)}</p>`,
  ].join("\n");
  return {
    to: input.to,
    subject,
    text: `${text}\n`,
    html: emailLayout({ lang: input.lang, title: subject, bodyHtml }),
    template: WITHDRAWAL_RECEIVED_TEMPLATE,
  };
}
