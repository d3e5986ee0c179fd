import { randomUUID } from "node:crypto";
import { encodeWords, foldLines, hasLongerLines, isPlainText } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { randomHex } from "../../lib/random-pool";

// The .eml of an outbox message, composed in one pass (ADR 014): the same
// MIME nodemailer's stream transport wrote (its own header and quoted-printable encoders, Unix
// newlines), without its stream pipeline, which cost ~0.3 ms a message — a tenth of an order's
// CPU on PGlite. What it does not write the way nodemailer would (addresses that are not plain:
// non-ASCII, several, quoted names; a control character in the subject; a base64 body) is left to
// nodemailer (`null`).

export interface EmlMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the one-click unsubscribe address (MailMessage.listUnsubscribe) */
  listUnsubscribe?: string;
}

/** The header that says a POST to the List-Unsubscribe address unsubscribes at once (RFC 8058). */
export const LIST_UNSUBSCRIBE_POST = "List-Unsubscribe=One-Click";

/** An address that goes into a header as it is: printable ASCII, no angle brackets. */
const HEADER_URL = /^https?:\/\/[!-~]+$/;

/** The message in nodemailer's terms (its transports and the .eml of what composeEml leaves to it). */
export function nodemailerMail(message: EmlMessage) {
  const { listUnsubscribe, ...parts } = message;
  if (listUnsubscribe === undefined) return parts;
  return {
    ...parts,
    list: { unsubscribe: listUnsubscribe },
    headers: { "List-Unsubscribe-Post": LIST_UNSUBSCRIBE_POST },
  };
}

/** `addr@host` or `Plain Name <addr@host>`: printed as they are. */
const PLAIN_ADDRESS =
  /^(?:[A-Za-z0-9][A-Za-z0-9 ._-]* )?<?[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+>?$/;

function plainAddress(value: string): boolean {
  return PLAIN_ADDRESS.test(value) && value.includes("<") === value.endsWith(">");
}

function domainOf(address: string): string {
  return address.replace(/>$/, "").split("@").pop() ?? "localhost";
}

/** A control character other than tab, CR and LF (nodemailer would encode the whole subject). */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** Quoted-printable when Latin letters outnumber the rest (nodemailer's rule), else base64. */
function textEncoding(value: string): "Q" | "B" {
  let other = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80)
      other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin ? "Q" : "B";
}

/** A text part (nodemailer's choice: 7bit when plain with short lines, else quoted-printable); null: base64. */
function part(type: "plain" | "html", body: string): string | null {
  if (isPlainText(body) && !hasLongerLines(body, 76)) {
    return `Content-Type: text/${type}; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n${body.replace(/\r\n?/g, "\n")}`;
  }
  if (textEncoding(body) !== "Q") return null;
  const encoded = qpWrap(qpEncode(Buffer.from(body, "utf8")), 76).replace(/\r\n/g, "\n");
  return `Content-Type: text/${type}; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n${encoded}`;
}

/** The message as an .eml (RFC 5322, MIME), or null when nodemailer must compose it. */
export function composeEml(message: EmlMessage, now = new Date()): string | null {
  if (!plainAddress(message.from) || !plainAddress(message.to)) return null;
  const oneLine = message.subject.replace(/\r?\n|\r/g, " ");
  if (hasControlCharacter(oneLine)) return null;
  const unsubscribe = message.listUnsubscribe;
  if (unsubscribe !== undefined && (!HEADER_URL.test(unsubscribe) || /[<>]/.test(unsubscribe))) return null;
  const subject = encodeWords(oneLine, textEncoding(oneLine), 52, true);
  // in nodemailer's order: its own headers after the custom one, List-* after Message-ID
  const headers = [
    ...(unsubscribe === undefined ? [] : [`List-Unsubscribe-Post: ${LIST_UNSUBSCRIBE_POST}`]),
    `From: ${message.from}`,
    `To: ${message.to}`,
    foldLines(`Subject: ${subject}`, 76).replace(/\r\n/g, "\n"),
    `Message-ID: <${randomUUID()}@${domainOf(message.from)}>`,
    ...(unsubscribe === undefined
      ? []
      : [foldLines(`List-Unsubscribe: <${unsubscribe}>`, 76).replace(/\r\n/g, "\n")]),
    `Date: ${now.toUTCString().replace(/GMT/, "+0000")}`,
    "MIME-Version: 1.0",
  ];
  const text = part("plain", message.text);
  if (text === null) return null;
  if (message.html === undefined) return `${headers.join("\n")}\n${text}\n`;
  const html = part("html", message.html);
  if (html === null) return null;
  const boundary = `--_NmP-${randomHex(8)}-Part_1`;
  return [
    ...headers,
    `Content-Type: multipart/alternative;\n boundary="${boundary}"`,
    "",
    `--${boundary}`,
    text,
    `--${boundary}`,
    html,
    `--${boundary}--`,
    "",
  ].join("\n");
}
