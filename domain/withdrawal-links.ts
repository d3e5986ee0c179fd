// Where the withdrawal function lives (issue 27): the page (the footer link, the order pages' and the
// order e-mails' "Odstąp od umowy tutaj") and a statement's PDF. A guest's links carry the order
// number and e-mail, like the order view's (/zamowienie); the page then looks the order up with the
// same rate-limited guest lookup. Plain strings: the e-mails (server) and the pages (web) share them.

import { WITHDRAWAL_PATH } from "./withdrawal-path";

export { WITHDRAWAL_PATH };

interface OrderRef {
  orderNumber: string;
  email: string;
}

const guestQuery = (order: OrderRef) =>
  `orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`;

/** The withdrawal form of an order for whoever holds its number and e-mail (e-mails, /zamowienie). */
export function withdrawalUrlOf(order: OrderRef): string {
  return `${WITHDRAWAL_PATH}?${guestQuery(order)}`;
}

/** The withdrawal form of a signed-in customer's own order (/konto/zakupy/{id}). */
export function accountWithdrawalUrlOf(orderId: number): string {
  return `${WITHDRAWAL_PATH}?zamowienie=${orderId}`;
}

/** A statement's PDF (GET /api/after-sale/withdrawals/{id}/statement.pdf), for its order's holder. */
export function statementPdfUrlOf(caseId: number, order: OrderRef): string {
  return `/api/after-sale/withdrawals/${caseId}/statement.pdf?${guestQuery(order)}`;
}

/** The guest order view (/zamowienie) of an order. */
export function orderViewUrlOf(order: OrderRef): string {
  return `/zamowienie?${guestQuery(order)}`;
}
