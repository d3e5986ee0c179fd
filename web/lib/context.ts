import type { WebLoadContext } from "../../server/web-door";

// Loaders and actions receive the services through the load context; they never
// call our own API over HTTP (DESIGN.md).
declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}

export type { WebLoadContext };
