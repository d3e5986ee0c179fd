// The KSeF environments (KSeF API 2.0, reference/ksef/docs/srodowiska.md and kody-qr.md) and which
// invoices go there. `off`: the shop sends nothing (the default). `local`: the built-in simulator
// (server/integrations/ksef/simulator), for tests and the demo shop; it is refused with
// NODE_ENV=production. `test`, `demo`, `production`: the Ministry of Finance's environments.

export const KSEF_ENVIRONMENTS = ["off", "local", "test", "demo", "production"] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];
export type KsefRemoteEnvironment = Exclude<KsefEnvironment, "off" | "local">;

/** The API 2.0 base address of each of the Ministry's environments. */
export const KSEF_API_URLS: Readonly<Record<KsefRemoteEnvironment, string>> = {
  test: "https://ksef-test.mf.gov.pl/api/v2",
  demo: "https://ksef-demo.mf.gov.pl/api/v2",
  production: "https://ksef.mf.gov.pl/api/v2",
};

/** The address a verification QR code (KOD I) links to, per environment. */
export const KSEF_QR_URLS: Readonly<Record<KsefRemoteEnvironment, string>> = {
  test: "https://qr-test.ksef.mf.gov.pl",
  demo: "https://qr-demo.ksef.mf.gov.pl",
  production: "https://qr.ksef.mf.gov.pl",
};

/**
 * Whether an invoice goes to KSeF: every invoice to a buyer with a NIP; a consumer's (no NIP) only
 * when KSEF_B2C is on (voluntary by law, art. 106ga ust. 2). Nothing while KSeF is off.
 */
export function goesToKsef(
  settings: { env: KsefEnvironment; b2c: boolean },
  buyerNip: string | null,
): boolean {
  if (settings.env === "off") return false;
  return buyerNip !== null || settings.b2c;
}
