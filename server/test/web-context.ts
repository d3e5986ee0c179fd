import type { PublicUser } from "../../domain/types";
import type { WebLoadContext } from "../app";
import type { Services } from "../services";

/** The load context a route loader or action gets, for calling web routes in-process in tests. */
export function testWebContext(
  services: Services,
  options: { user?: PublicUser | null; ip?: string; lang?: WebLoadContext["lang"] } = {},
): WebLoadContext {
  return {
    services,
    lang: options.lang ?? "pl",
    user: options.user ?? null,
    ip: options.ip ?? "192.0.2.10",
    cspNonce: "",
    publicSettings: {
      publicUrl: "http://localhost",
      gaMeasurementIds: [],
      paymentProvider: "demo",
      parcelLockers: { apaczkaAppId: null, inpostGeowidgetToken: null },
    },
  };
}
