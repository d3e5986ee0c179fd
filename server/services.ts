import type { Config } from "./config";
import type { Db } from "./db/client";

// Every service the API handlers and the route loaders share. One module per area
// under server/areas/<area>/<area>.service.ts; this file only wires them.
export function createServices(db: Db, config: Config) {
  return { db, config };
}

export type Services = ReturnType<typeof createServices>;
