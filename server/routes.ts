import type { FastifyInstance } from "fastify";
import { accountsRoutes } from "./areas/accounts/accounts.routes";
import { complaintRoutes } from "./areas/after-sale/complaint.routes";
import { refundsRoutes } from "./areas/after-sale/refunds.routes";
import { returnsDeskRoutes } from "./areas/after-sale/returns-desk.routes";
import { withdrawalRoutes } from "./areas/after-sale/withdrawal.routes";
import { auditRoutes } from "./areas/audit/audit.routes";
import { cartRoutes } from "./areas/cart/cart.routes";
import { catalogRoutes } from "./areas/catalog/catalog.routes";
import { categoryAdminRoutes } from "./areas/catalog/category-admin.routes";
import { fieldAdminRoutes } from "./areas/catalog/field-admin.routes";
import { productActivityRoutes } from "./areas/catalog/product-activity.routes";
import { productAdminRoutes } from "./areas/catalog/product-admin.routes";
import { productBulkRoutes } from "./areas/catalog/product-bulk.routes";
import { productExportRoutes } from "./areas/catalog/product-export.routes";
import { productImportRoutes } from "./areas/catalog/product-import.routes";
import { warehouseRoutes } from "./areas/catalog/warehouse.routes";
import { blogAdminRoutes } from "./areas/content/blog-admin.routes";
import { contactRoutes } from "./areas/content/contact.routes";
import { contentRoutes } from "./areas/content/content.routes";
import { creatorsAdminRoutes } from "./areas/content/creators-admin.routes";
import { pageAdminRoutes } from "./areas/content/page-admin.routes";
import { slideAdminRoutes } from "./areas/content/slide-admin.routes";
import { couponAdminRoutes } from "./areas/coupons/coupon-admin.routes";
import { feedsRoutes } from "./areas/feeds/feeds.routes";
import { galleryRoutes } from "./areas/gallery/gallery.routes";
import { jobsRoutes } from "./areas/jobs/jobs.routes";
import { ksefRoutes } from "./areas/ksef/ksef.routes";
import { orderDeskRoutes } from "./areas/orders/order-desk.routes";
import { ordersRoutes } from "./areas/orders/orders.routes";
import { parcelPointsRoutes } from "./areas/parcel-points/parcel-points.routes";
import { paymentsRoutes } from "./areas/payments/payments.routes";
import { shipmentsRoutes } from "./areas/shipments/shipments.routes";
import { shipxWebhookRoutes } from "./areas/shipments/shipx-webhook.routes";
import { statsRoutes } from "./areas/stats/stats.routes";
import { trashRoutes } from "./areas/trash/trash.routes";

// The REST API of SPEC §7, one plugin per area, mounted under /api.
export async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(catalogRoutes);
  await api.register(contentRoutes);
  await api.register(accountsRoutes);
  await api.register(ordersRoutes);
  await api.register(orderDeskRoutes);
  await api.register(paymentsRoutes);
  await api.register(productActivityRoutes);
  await api.register(contactRoutes);
  await api.register(parcelPointsRoutes);
  await api.register(cartRoutes);
  await api.register(categoryAdminRoutes);
  await api.register(fieldAdminRoutes);
  await api.register(slideAdminRoutes);
  await api.register(productAdminRoutes);
  await api.register(productBulkRoutes);
  await api.register(productExportRoutes);
  await api.register(productImportRoutes);
  await api.register(warehouseRoutes);
  await api.register(pageAdminRoutes);
  await api.register(blogAdminRoutes);
  await api.register(creatorsAdminRoutes);
  await api.register(couponAdminRoutes);
  await api.register(galleryRoutes);
  await api.register(statsRoutes);
  await api.register(auditRoutes);
  await api.register(jobsRoutes);
  await api.register(trashRoutes);
  await api.register(withdrawalRoutes);
  await api.register(complaintRoutes);
  await api.register(returnsDeskRoutes);
  await api.register(refundsRoutes);
  await api.register(shipmentsRoutes);
  await api.register(ksefRoutes);
  await api.register(shipxWebhookRoutes);
}

/** The marketplace feeds (docs/decisions/072): XML at /feeds/*, beside the API, not under it. */
export async function registerFeedRoutes(app: FastifyInstance): Promise<void> {
  await app.register(feedsRoutes);
}
