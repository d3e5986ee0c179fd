import { KSEF_API_URLS } from "../../../domain/ksef-environment";
import type { KsefConfig, SellerConfig } from "../../config";
import { createKsefClient, type KsefClientOptions } from "./ksef-client";
import type { KsefGateway } from "./ksef-gateway";
import { createKsefSimulator } from "./simulator/ksef-simulator";

// Which KSeF the shop talks to (KSEF_ENV, KSEF_API_URL): none when off; for `local` the built-in
// simulator answering in-process (its fetch, no network; KSEF_API_URL is not used); otherwise the Ministry's environment, or
// KSEF_API_URL when set (a proxy, or a simulator over HTTP in tests). docs/decisions/067.

/** The token the client presents to the in-process simulator (which accepts any). */
const LOCAL_TOKEN = "local-simulator-token";
const LOCAL_BASE_URL = "http://ksef-simulator.local/api/v2";

export function createKsefGateway(
  config: { ksef: KsefConfig; seller: Pick<SellerConfig, "nip"> },
  options: Pick<KsefClientOptions, "fetch" | "now" | "timeoutMs"> = {},
): KsefGateway | null {
  const { ksef } = config;
  if (ksef.env === "off") return null;
  if (ksef.env === "local") {
    const simulator = createKsefSimulator({ now: options.now });
    return createKsefClient({
      ...options,
      baseUrl: LOCAL_BASE_URL,
      token: LOCAL_TOKEN,
      sellerNip: config.seller.nip,
      fetch: simulator.fetch,
    });
  }
  if (!ksef.token) throw new Error(`KSEF_ENV=${ksef.env} needs KSEF_TOKEN`);
  return createKsefClient({
    ...options,
    baseUrl: ksef.apiUrl ?? KSEF_API_URLS[ksef.env],
    token: ksef.token,
    sellerNip: config.seller.nip,
  });
}
