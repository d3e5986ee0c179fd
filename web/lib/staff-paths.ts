// URLs of the staff area (SPEC §2 moderator area). Every section lives under /konto/sklep.
export const STAFF_PATH = "/konto/sklep";

export const STAFF_SECTIONS = {
  orders: `${STAFF_PATH}/zamowienia`,
  returns: `${STAFF_PATH}/zwroty`,
  invoices: `${STAFF_PATH}/faktury`,
  products: `${STAFF_PATH}/produkty`,
  categories: `${STAFF_PATH}/kategorie`,
  fields: `${STAFF_PATH}/pola`,
  coupons: `${STAFF_PATH}/kody`,
  slides: `${STAFF_PATH}/naglowek`,
  pages: `${STAFF_PATH}/strony`,
  blog: `${STAFF_PATH}/blog`,
  gallery: `${STAFF_PATH}/galeria`,
  warehouse: `${STAFF_PATH}/magazyn`,
  creators: `${STAFF_PATH}/tworcy`,
  games: `${STAFF_PATH}/gry`,
  trash: `${STAFF_PATH}/kosz`,
  users: `${STAFF_PATH}/uzytkownicy`,
  audit: `${STAFF_PATH}/dziennik`,
  jobs: `${STAFF_PATH}/zadania`,
} as const;
export type StaffSection = keyof typeof STAFF_SECTIONS;

/** Sections only admins see (users, the audit log, the background jobs); the rest is for every shop moderator. */
export const ADMIN_SECTIONS: readonly StaffSection[] = ["users", "audit", "jobs"];

export function staffAddPath(section: StaffSection): string {
  return `${STAFF_SECTIONS[section]}/dodaj`;
}

export function staffEditPath(section: StaffSection, id: number | string): string {
  return `${STAFF_SECTIONS[section]}/edytuj/${id}`;
}

export function staffOrderPath(orderId: number): string {
  return `${STAFF_SECTIONS.orders}/${orderId}`;
}

/** A customer's page (issue 29): the account's id, or "z" + the id of one of a guest's orders. */
export function staffCustomerPath(order: { _id: number; user: { _id: number } | null }): string {
  return `${STAFF_PATH}/klienci/${order.user ? order.user._id : `z${order._id}`}`;
}

/** An account's customer page (the users list). */
export function staffAccountCustomerPath(userId: number): string {
  return `${STAFF_PATH}/klienci/${userId}`;
}

/** The accountant's export download (CSV or XLSX of the paid orders of a range of days). */
export const STAFF_ORDERS_EXPORT_PATH = `${STAFF_SECTIONS.orders}/eksport`;
