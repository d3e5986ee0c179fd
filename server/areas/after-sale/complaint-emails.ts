import { createTranslator, formatDate, formatDateTime, type Lang } from "../../../domain/i18n";
import type { MailMessage } from "../mail/mail.service";
import { emailLayout, htmlLines } from "../mail/mail-html";

// The complaint's e-mails (issue 27, docs/decisions/066): the acknowledgement to the customer, the
// shop's answer to the customer, and the reminder to the shop 3 days before the answer deadline. Pure.
// The customer's two come as text and as HTML in the shop's e-mail layout, like the withdrawal's.

/** The text and HTML bodies of a customer's complaint e-mail: a sentence, then what was written. */
function customerBodies(lang: Lang, subject: string, intro: string, written: string) {
  return {
    text: `${intro}\n\n${written}\n`,
    html: emailLayout({
      lang,
      title: subject,
      bodyHtml: `<p>${htmlLines(intro)}</p><p>${htmlLines(written)}</p>`,
    }),
  };
}

export const COMPLAINT_RECEIVED_TEMPLATE = "complaint-received";
export const COMPLAINT_ANSWER_TEMPLATE = "complaint-answer";
export const COMPLAINT_REMINDER_TEMPLATE = "complaint-reminder";

export function complaintReceivedEmail(input: {
  lang: Lang;
  to: string;
  orderNumber: string;
  receivedAt: Date;
  deadline: Date;
  description: string;
}): MailMessage {
  const t = createTranslator(input.lang);
  const subject = t("afterSale.complaintEmailSubject", { orderNumber: input.orderNumber });
  const intro = t("afterSale.complaintEmailIntro", {
    dateTime: formatDateTime(input.lang, input.receivedAt),
    date: formatDate(input.lang, input.deadline),
  });
  return {
    to: input.to,
    subject,
    ...customerBodies(input.lang, subject, intro, input.description),
    template: COMPLAINT_RECEIVED_TEMPLATE,
  };
}

export function complaintAnswerEmail(input: {
  lang: Lang;
  to: string;
  orderNumber: string;
  status: "ACCEPTED" | "REJECTED";
  message: string;
}): MailMessage {
  const t = createTranslator(input.lang);
  const subject = t("afterSale.complaintAnswerSubject", { orderNumber: input.orderNumber });
  const state = t(`afterSale.state.complaint.${input.status}`);
  const intro = t("afterSale.complaintAnswerIntro", { state });
  return {
    to: input.to,
    subject,
    ...customerBodies(input.lang, subject, intro, input.message),
    template: COMPLAINT_ANSWER_TEMPLATE,
  };
}

export function complaintReminderEmail(input: { to: string; caseId: number; deadline: Date }): MailMessage {
  const t = createTranslator("pl");
  const params = { caseId: input.caseId, date: formatDateTime("pl", input.deadline) };
  return {
    to: input.to,
    subject: t("afterSale.complaintReminderSubject", params),
    text: `${t("afterSale.complaintReminderText", params)}\n`,
    template: COMPLAINT_REMINDER_TEMPLATE,
  };
}
