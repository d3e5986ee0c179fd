// The settings a production start needs besides NODE_ENV (non-demo staff login, Paynow, the seller),
// for tests of what production refuses or skips.

export const PRODUCTION_READY = {
  NODE_ENV: "production",
  ADMIN_EMAIL: "owner@shop.pl",
  ADMIN_PASSWORD: "a-long-secret",
  PAYMENT_PROVIDER: "paynow",
  PAYNOW_API_KEY: "api-key",
  PAYNOW_SIGNATURE_KEY: "signature-key",
  SELLER_NAME: "Szyjemy sp. z o.o.",
  SELLER_NIP: "7740001454",
  SELLER_ADDRESS: "ul. Igły 2, 30-001 Kraków",
} as const;
