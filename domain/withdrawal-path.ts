/**
 * The withdrawal page (issue 27): the footer's "Odstąpienie od umowy", the guest's order lookup, or
 * the form of the order in the query. Alone in its module: the footer is on every page and takes
 * only this (domain/withdrawal-links.ts builds the links with it).
 */
export const WITHDRAWAL_PATH = "/odstapienie-od-umowy";
