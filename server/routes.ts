import type { FastifyInstance } from "fastify";
import { catalogRoutes } from "./areas/catalog/catalog.routes";
import { contentRoutes } from "./areas/content/content.routes";

// The REST API of SPEC §7, one plugin per area, mounted under /api.
export async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(contentRoutes);
}
