import type { FastifyInstance } from "fastify";
import { accountsRoutes } from "./areas/accounts/accounts.routes";
import { cartRoutes } from "./areas/cart/cart.routes";
import { catalogRoutes } from "./areas/catalog/catalog.routes";
import { productActivityRoutes } from "./areas/catalog/product-activity.routes";
import { contactRoutes } from "./areas/content/contact.routes";
import { contentRoutes } from "./areas/content/content.routes";
import { ordersRoutes } from "./areas/orders/orders.routes";
import { parcelPointsRoutes } from "./areas/parcel-points/parcel-points.routes";

// The REST API of SPEC §7, one plugin per area, mounted under /api.
export async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(contentRoutes);
  await api.register(accountsRoutes);
  await api.register(ordersRoutes);
  await api.register(productActivityRoutes);
  await api.register(contactRoutes);
  await api.register(parcelPointsRoutes);
  await api.register(cartRoutes);
}
