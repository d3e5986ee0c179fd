import { createAccountsService } from "./areas/accounts/accounts.service";
import { createComplaintService } from "./areas/after-sale/complaint.service";
import { createRefundsService } from "./areas/after-sale/refunds.service";
import { createReturnsDeskService } from "./areas/after-sale/returns-desk.service";
import { createWithdrawalService } from "./areas/after-sale/withdrawal.service";
import { createAuditService } from "./areas/audit/audit";
import { createBackInStockService } from "./areas/back-in-stock/back-in-stock.service";
import { createCartService } from "./areas/cart/cart.service";
import { createCatalogService } from "./areas/catalog/catalog.service";
import { createCategoryAdminService } from "./areas/catalog/category-admin.service";
import { createFieldAdminService } from "./areas/catalog/field-admin.service";
import { createProductActivityService, loadViewerSalt } from "./areas/catalog/product-activity";
import { createProductAdminService } from "./areas/catalog/product-admin.service";
import { createProductBulkService } from "./areas/catalog/product-bulk.service";
import { createProductExportService } from "./areas/catalog/product-export.service";
import { createProductImportService } from "./areas/catalog/product-import.service";
import { createWarehouseService } from "./areas/catalog/warehouse.service";
import { createBlogAdminService } from "./areas/content/blog-admin.service";
import { createContactService } from "./areas/content/contact.service";
import { createContentService } from "./areas/content/content.service";
import { createCreatorsService } from "./areas/content/creators.service";
import { createCreatorsAdminService } from "./areas/content/creators-admin.service";
import { createPageAdminService } from "./areas/content/page-admin.service";
import { createSitemapService } from "./areas/content/sitemap.service";
import { createSlideAdminService } from "./areas/content/slide-admin.service";
import { createCouponAdminService } from "./areas/coupons/coupon-admin.service";
import { createCouponGuard } from "./areas/coupons/coupon-guard";
import { createFeedsService } from "./areas/feeds/feeds.service";
import { createGalleryService } from "./areas/gallery/gallery.service";
import { createInvoicesService } from "./areas/invoices/invoices.service";
import { createJobHandlers } from "./areas/jobs/job-kinds";
import { createJobQueue } from "./areas/jobs/job-queue";
import { createJobsService } from "./areas/jobs/jobs.service";
import { createKsefService } from "./areas/ksef/ksef.service";
import { createKsefListService } from "./areas/ksef/ksef-list";
import { createKsefIssueHook } from "./areas/ksef/ksef-queue";
import { createMailService } from "./areas/mail/mail.service";
import { createComplaintPhotoStorage, createMediaStorage } from "./areas/media/create-media-storage";
import { createBatcher } from "./areas/orders/order-batch";
import { createOrderCustomers } from "./areas/orders/order-customers";
import { createOrderExpiry } from "./areas/orders/order-expiry";
import { createOrderMailer } from "./areas/orders/order-mailer";
import { createOrderNotes } from "./areas/orders/order-notes";
import { createOrderStaffService } from "./areas/orders/order-staff.service";
import { createOrderQueries } from "./areas/orders/orders.queries";
import { createOrdersService } from "./areas/orders/orders.service";
import { createOrdersExport } from "./areas/orders/orders-export";
import { createPaymentOutcome } from "./areas/orders/payment-outcome";
import { createPaymentRetry } from "./areas/orders/payment-retry";
import { createShopNotify } from "./areas/orders/shop-notify";
import { createParcelPointsService } from "./areas/parcel-points/parcel-points.service";
import { createPaymentsService } from "./areas/payments/payments.service";
import { resultUrlOf } from "./areas/payments/result-url";
import { findDemoShipment } from "./areas/shipments/demo-shipments";
import { createShipmentsService } from "./areas/shipments/shipments.service";
import { createStatsService } from "./areas/stats/stats.service";
import { createTrashService } from "./areas/trash/trash.service";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { KsefGateway } from "./integrations/ksef/ksef-gateway";
import { createKsefGateway } from "./integrations/ksef/ksef-gateway-factory";
import { createPaymentProvider } from "./integrations/payments";
import type { PaymentProvider } from "./integrations/payments/payment-provider";
import { createCarrier } from "./integrations/shipping";
import type { Carrier } from "./integrations/shipping/carrier";
import type { ChangeFeed } from "./lib/change-feed";
import {
  createRateLimiter,
  type RateLimitHit,
  type RateLimitSubject,
  type RateLimits,
} from "./lib/rate-limit";

export interface ServiceLog {
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
  info?(data: object, message: string): void;
}

export interface ServiceOptions {
  /** smaller rate limits for tests (server/lib/rate-limit.ts DEFAULT_RATE_LIMITS otherwise) */
  rateLimits?: Partial<RateLimits>;
  /** where services report what they handled but did not expect (the app's logger) */
  log?: ServiceLog;
  /** a payment provider other than the configured one (tests: a slow or failing gateway) */
  paymentProvider?: PaymentProvider;
  /** a carrier other than the configured one (tests: a refusing or slow carrier) */
  carrier?: Carrier;
  /** a KSeF other than the configured one (tests: the simulator behind a network that loses a reply) */
  ksefGateway?: KsefGateway | null;
  /** the database's change signals (the app's): what services keep in process is dropped on a change */
  changes?: ChangeFeed;
}

const consoleLog: ServiceLog = {
  warn: (data, message) => console.warn(message, data),
  error: (data, message) => console.error(message, data),
};

// Every service the API handlers and the route loaders share. One module per area
// under server/areas/<area>/<area>.service.ts; this file only wires them.
export function createServices(db: Db, config: Config, options: ServiceOptions = {}) {
  // background work of every area (docs/decisions/050); the worker runs in the app (server/app.ts)
  const jobQueue = createJobQueue(db);
  const media = createMediaStorage(config);
  const mail = createMailService(db, config, { jobs: jobQueue });
  const log = options.log ?? consoleLog;
  const accounts = createAccountsService(db, config, mail, { rateLimits: options.rateLimits, log });
  const orderQueries = createOrderQueries(db);
  const lookupLimiter = createRateLimiter(db, { limits: options.rateLimits });
  const parcelPoints = createParcelPointsService(db);
  // orders arriving together are counted against the order limit in one statement (like their writes)
  const orderAttempts = createBatcher<RateLimitSubject, RateLimitHit>({
    maxSize: 50,
    run: async (batch) => {
      const hits = await lookupLimiter.hitMany(
        "order",
        batch.map((waiting) => waiting.item),
      );
      batch.forEach((waiting, i) => {
        const hit = hits[i];
        if (hit) waiting.resolve(hit);
        else waiting.reject(new Error("order limit: no answer"));
      });
    },
  });
  // the built-in picker offers only the points of our table; a carrier's map widget its own (ADR 031)
  const builtInPicker = !config.parcelLockers.apaczkaAppId && !config.parcelLockers.inpostGeowidgetToken;
  // every coupon code check, wherever it comes from, goes through this one limiter (ADR 030)
  const couponGuard = createCouponGuard(lookupLimiter);
  const sendOrderEmail = createOrderMailer(config, { mail, queries: orderQueries, log });
  // invoices to KSeF (issue 28, docs/decisions/068): queued by the transactions that issue them
  const ksefIssued = createKsefIssueHook(config, jobQueue);
  const ksef = createKsefService(db, {
    config,
    gateway: options.ksefGateway !== undefined ? options.ksefGateway : createKsefGateway(config),
    queue: jobQueue,
    getOrder: (orderId) => orderQueries.getById(orderId),
    sendPaidEmail: (orderId, ksefNumber) => sendOrderEmail.paidWithKsef(orderId, ksefNumber),
    log,
  });
  const warehouse = createWarehouseService(db);
  // the shop told of paid orders and low stock at SHOP_NOTIFY_EMAIL (issue 29), as jobs
  const shopNotify = createShopNotify(db, config, {
    mail,
    queries: orderQueries,
    queue: jobQueue,
    warehouse,
  });
  // orders → payments, one way (docs/decisions/058): the gateway side is given what an order does when
  // its payment's status changes (orders/payment-outcome.ts) as plain functions
  const paymentOutcome = createPaymentOutcome(db, {
    log,
    paid: shopNotify.queueNewOrder,
    invoiceIssued: ksefIssued,
  });
  const paymentProvider = options.paymentProvider ?? createPaymentProvider(config);
  const payments = createPaymentsService(db, config, {
    provider: paymentProvider,
    orderToPay: (orderId) => orderQueries.getById(orderId),
    settle: paymentOutcome.settle,
    notStarted: paymentOutcome.notStarted,
    log,
    onOrderEvent: async (event, orderId) => {
      // the invoice's KSeF job may have been queued with the payment
      if (event === "paid") jobQueue.notify();
      if (event === "paid") await sendOrderEmail("paid", orderId);
      else if (event === "refund-owed") await sendOrderEmail.refundOwed(orderId);
    },
  });
  const retryPayment = createPaymentRetry(db, config, {
    queries: orderQueries,
    startPayment: (orderId) => payments.startPayment(orderId),
  });
  const cancelExpired = createOrderExpiry(db, { expired: (orderId) => sendOrderEmail("expired", orderId) });
  const orders = createOrdersService(db, config, {
    queries: orderQueries,
    startPayment: payments.startPayment,
    startFirstPayments: payments.startFirstPayments,
    resultUrl: resultUrlOf,
    ordersReceived: (found) => sendOrderEmail.many("received", found),
    resendConfirmation: async (user, ip, lang) => {
      await accounts.resendConfirmation(user, { ip, lang });
    },
    countLookup: (orderNumber, ip) =>
      lookupLimiter.hit("order-lookup", { account: orderNumber, address: ip }),
    orderAttempt: (email, ip, key) => orderAttempts.submit({ account: email, address: ip, once: key }),
    couponGuard,
    parcelPointKnown: builtInPicker ? (id) => parcelPoints.isKnown(id) : null,
  });
  const catalog = createCatalogService(db, { changes: options.changes });
  const productExport = createProductExportService(db, { catalog });
  const trash = createTrashService(db);
  // the shopper's withdrawals and complaints (issue 27): the order's owner found and counted alike,
  // by the guest lookup's limit and lookup
  const caseOwnerLookup = {
    queries: orderQueries,
    mail,
    countLookup: (orderNumber: string, ip: string) =>
      lookupLimiter.hit("order-lookup", { account: orderNumber, address: ip }),
    lookup: (orderNumber: string, email: string, ip: string) => orders.lookup(orderNumber, email, ip),
    log,
  };
  const withdrawals = createWithdrawalService(db, config, caseOwnerLookup);
  const complaintPhotos = createComplaintPhotoStorage(config);
  const complaints = createComplaintService(db, config, caseOwnerLookup, complaintPhotos);
  // money back through the provider, as rows then jobs (after-sale/, docs/decisions/066)
  const refunds = createRefundsService(db, {
    config,
    provider: paymentProvider,
    queue: jobQueue,
    mail,
    log,
    correctionIssued: ksefIssued,
  });
  const orderStaff = createOrderStaffService(db, {
    queries: orderQueries,
    sendEmail: sendOrderEmail,
    refundCanceled: refunds.startCancelRefund,
    jobsQueued: () => jobQueue.notify(),
  });
  // parcels at the carrier (issue 29, ADR 069): ShipX when configured, else the demo carrier, unless one is given
  const shipments = createShipmentsService(db, {
    carrier:
      options.carrier ??
      createCarrier(config, {
        demo: { sender: config.returnAddress, find: (id) => findDemoShipment(db, id) },
      }),
    // ShipX webhooks configured (INPOST_WEBHOOK_SECRET): statuses come by webhook, no periodic poll
    webhooks: config.shipping.webhookSecret !== null,
    queue: jobQueue,
    addShipmentNumber: orderStaff.addShipmentNumber,
    readOrders: orderQueries.getManyById,
    log,
  });
  // "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080)
  const backInStock = createBackInStockService(db, config, {
    mail,
    queue: jobQueue,
    limiter: lookupLimiter,
    log,
  });
  return {
    db,
    config,
    catalog,
    backInStock,
    // staff products and the warehouse (issue 6)
    productAdmin: createProductAdminService(db, { catalog }),
    // bulk edits of the staff product list (issue 30, docs/decisions/074)
    productBulk: createProductBulkService(db),
    // the product file: export and import (issue 30, docs/decisions/077)
    productExport,
    productImport: createProductImportService(db, { catalog, productExport }),
    warehouse,
    cart: createCartService(db, {
      couponGuard,
      paymentTimeoutMinutes: config.orderPaymentTimeoutMinutes,
    }),
    content: createContentService(db, { changes: options.changes }),
    mail,
    accounts,
    orders: { ...orderQueries, ...orders, sendEmail: sendOrderEmail },
    withdrawals,
    complaints,
    // the order desk (issue 29): internal notes, a customer's orders and spend, the accountant's export
    orderNotes: createOrderNotes(db),
    customers: createOrderCustomers(db),
    ordersExport: createOrdersExport(db, config, { queries: orderQueries }),
    orderStaff,
    shipments,
    // after the sale (issue 27): refunds and the staff returns desk
    refunds,
    returnsDesk: createReturnsDeskService(db, { refunds }),
    // what shoppers, the banks and the expiry job do with payments: the gateway's (payments/) and the
    // orders area's (retry a payment, cancel the unpaid orders whose time ran out) under one name
    payments: { ...payments, retry: retryPayment, cancelExpired },
    invoices: createInvoicesService(db, config, { queries: orderQueries }),
    ksef: { ...ksef, ...createKsefListService(db) },
    parcelPoints,
    productActivity: createProductActivityService(db, {
      salt: () => loadViewerSalt(config.dataDir),
      allowPost: async (ip) => (await lookupLimiter.hitAddress("product-view", ip)).allowed,
    }),
    contact: createContactService(db, mail, config),
    creators: createCreatorsService(db),
    sitemap: createSitemapService(db),
    // the marketplace feeds (/feeds/google.xml, /feeds/ceneo.xml; docs/decisions/072)
    feeds: createFeedsService(catalog, { publicUrl: config.publicUrl, shopName: config.shopName }),
    audit: createAuditService(db),
    // staff: category tree, product fields, header slides
    categoryAdmin: createCategoryAdminService(db),
    fieldAdmin: createFieldAdminService(db),
    slideAdmin: createSlideAdminService(db),
    pageAdmin: createPageAdminService(db),
    blogAdmin: createBlogAdminService(db),
    trash,
    creatorsAdmin: createCreatorsAdminService(db),
    couponAdmin: createCouponAdminService(db, { paymentTimeoutMinutes: config.orderPaymentTimeoutMinutes }),
    gallery: createGalleryService(db, config, media),
    /** where /media's files live: DATA_DIR/media or the S3 bucket (docs/decisions/081) */
    media,
    /** where complaint photos live, privately: DATA_DIR's photos folder or the same bucket (ADR 081) */
    complaintPhotos,
    stats: createStatsService(db),
    jobQueue,
    /** every kind of background job and its handler (server/areas/jobs/job-kinds.ts) */
    jobHandlers: createJobHandlers({
      config,
      media,
      queue: jobQueue,
      mail,
      cancelExpired: () => cancelExpired(),
      refunds,
      complaints,
      shopNotify,
      shipments,
      ksef,
      trash,
      backInStock,
      log,
    }),
    jobs: createJobsService(db, jobQueue),
  };
}

export type Services = ReturnType<typeof createServices>;
