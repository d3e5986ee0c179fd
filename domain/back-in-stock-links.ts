// Where the back-in-stock notice lives (issue 30, docs/decisions/080): the product page's form posts
// to BACK_IN_STOCK_PATH; the e-mails link to the confirmation and unsubscribe pages, each a page
// with a button that posts (a mail scanner following the link changes nothing). Plain strings: the
// e-mails (server) and the pages (web) share them.

export const BACK_IN_STOCK_PATH = "/powiadom-mnie";
export const BACK_IN_STOCK_CONFIRM_PATH = `${BACK_IN_STOCK_PATH}/potwierdz`;
export const BACK_IN_STOCK_UNSUBSCRIBE_PATH = `${BACK_IN_STOCK_PATH}/wypisz`;

/** The query parameter the product page reads after a plain form post (no JavaScript). */
export const BACK_IN_STOCK_SENT_PARAM = "powiadomienie";

export function backInStockConfirmUrl(token: string): string {
  return `${BACK_IN_STOCK_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export function backInStockUnsubscribeUrl(token: string): string {
  return `${BACK_IN_STOCK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
