// The server's one public door for web/ (the React Router app): what pages, loaders and actions may
// use of the server. Everything else under server/ is the server's own; a test
// (server/layers.test.ts) fails when a web/ file reaches past this door. Types cost nothing in the
// browser; the few values are small and free of Node-only imports where a browser route uses them.

export type { PublicSettings, WebLoadContext } from "./app";
export type { RequestMeta } from "./areas/accounts/accounts.service";
export {
  isSecureCookie,
  readSessionToken,
  serializeClearSessionCookie,
  serializeSessionCookie,
} from "./areas/accounts/session-cookie";
// complaint photos on the returns desk's case page (issue 27)
export type { CasePhoto } from "./areas/after-sale/complaint-photos";
export type { RefundView } from "./areas/after-sale/refunds.service";
// the shopper's withdrawal function (issue 27): what its pages show (its links: domain/withdrawal-links.ts)
export type {
  OrderAfterSale,
  WithdrawalForm,
  WithdrawalReceipt,
} from "./areas/after-sale/withdrawal.service";
// a product field as its staff form edits it, with the English texts (issue 30)
export type { FieldRecord } from "./areas/catalog/field-admin.service";
// the staff product list's bulk edits (issue 30): what the browser's preview and apply answer
export type { BulkApplied, BulkPreview, BulkRow, BulkState } from "./areas/catalog/product-bulk.service";
export type {
  ImportAction,
  ImportApplied,
  ImportLine,
  ImportPreview,
} from "./areas/catalog/product-import.service";
export type { HomeContent, SiteNavigation } from "./areas/content/content.service";
export type {
  GalleryImage,
  GalleryListing,
  ImageUsage,
  UploadFile,
  UploadOutcome,
} from "./areas/gallery/gallery.service";
// the order desk (issue 29): an order's internal notes and a customer's page
export type { CustomerView } from "./areas/orders/order-customers";
export type { OrderNote } from "./areas/orders/order-notes";
// shipments on the staff order pages (issue 29)
export type { ShipmentsCreated, ShipmentView } from "./areas/shipments/shipments.service";
export { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./lib/database-unavailable";
export { redactSecrets } from "./lib/redact";
export { ERROR_CODES, type ErrorCode, type Failure, type Result } from "./lib/result";
