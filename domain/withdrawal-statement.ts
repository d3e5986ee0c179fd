// The text of a withdrawal statement (issue 27; docs/decisions/066), pure. Modelled on the
// statutory model form (załącznik nr 2 do ustawy o prawach konsumenta; Annex I(B) of Directive
// 2011/83/EU): the addressee (the seller), the declaration, the goods and quantities, the order's
// number and date, the delivery date when known, the consumer's name and e-mail, the optional
// reason, and the moment the shop received it in Europe/Warsaw time. The text is written once into
// after_sale_statements.text and carried unchanged by the acknowledgement e-mail and the PDF, so it
// is built in the statement's own language and never re-rendered from the parts later.
//
// API:
//   withdrawalStatementText(input: StatementTextInput): string   the full text, lines joined by "\n"
//   statementReceivedText(lang, receivedAt): string              "Otrzymano: 27.11.2026, 19:05 (czas polski)"

import { formatDate, formatDateTime, type Lang } from "./i18n/translate";

export interface StatementTextLine {
  productTitle: string;
  variantLabel: string | null;
  quantity: number;
}

export interface StatementTextInput {
  lang: Lang;
  /** the addressee: the seller's name and address lines */
  seller: { name: string; address: readonly string[] };
  orderNumber: string;
  /** when the order (the contract) was made */
  orderedAt: Date | string;
  /** when the goods were delivered, null while not (yet) known */
  deliveredAt: Date | string | null;
  name: string;
  email: string;
  lines: readonly StatementTextLine[];
  reason: string;
  /** the server's time of receipt */
  receivedAt: Date | string;
}

const TEXTS = {
  pl: {
    title: "Oświadczenie o odstąpieniu od umowy",
    addressee: "Adresat",
    declaration:
      "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy:",
    unit: "szt.",
    orderNumber: "Numer zamówienia",
    orderedAt: "Data zawarcia umowy (złożenia zamówienia)",
    deliveredAt: "Data odbioru",
    name: "Imię i nazwisko konsumenta(-ów)",
    email: "Adres e-mail konsumenta(-ów)",
    reason: "Powód odstąpienia (nieobowiązkowy)",
    received: "Otrzymano",
    timeZone: "czas polski",
    footnote: "(*) Niepotrzebne skreślić.",
  },
  en: {
    title: "Notice of withdrawal from the contract",
    addressee: "To",
    declaration:
      "I/We(*) hereby give notice that I/We(*) withdraw from my/our(*) contract of sale of the following goods:",
    unit: "pcs",
    orderNumber: "Order number",
    orderedAt: "Ordered on",
    deliveredAt: "Received on",
    name: "Name of consumer(s)",
    email: "E-mail of consumer(s)",
    reason: "Reason for withdrawal (optional)",
    received: "Received",
    timeZone: "Polish time",
    footnote: "(*) Delete as appropriate.",
  },
} as const satisfies Record<Lang, Record<string, string>>;

/** "Otrzymano: 27.11.2026, 19:05 (czas polski)": the receipt in Europe/Warsaw time. */
export function statementReceivedText(lang: Lang, receivedAt: Date | string): string {
  const texts = TEXTS[lang];
  return `${texts.received}: ${formatDateTime(lang, receivedAt)} (${texts.timeZone})`;
}

/** One line of text: control characters and runs of whitespace become one space. */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}

/** The full statement as received, in its language. */
export function withdrawalStatementText(input: StatementTextInput): string {
  const texts = TEXTS[input.lang];
  const items = input.lines.map((line) => {
    const variant = line.variantLabel ? ` (${oneLine(line.variantLabel)})` : "";
    return `- ${oneLine(line.productTitle)}${variant}: ${line.quantity} ${texts.unit}`;
  });
  const reason = input.reason.trim();
  return [
    texts.title,
    "",
    `${texts.addressee}: ${[input.seller.name, ...input.seller.address].map(oneLine).join(", ")}`,
    "",
    texts.declaration,
    ...items,
    "",
    `${texts.orderNumber}: ${input.orderNumber}`,
    `${texts.orderedAt}: ${formatDate(input.lang, input.orderedAt)}`,
    ...(input.deliveredAt ? [`${texts.deliveredAt}: ${formatDate(input.lang, input.deliveredAt)}`] : []),
    `${texts.name}: ${oneLine(input.name)}`,
    `${texts.email}: ${input.email.trim()}`,
    ...(reason ? [`${texts.reason}: ${reason}`] : []),
    "",
    statementReceivedText(input.lang, input.receivedAt),
    "",
    texts.footnote,
  ].join("\n");
}
