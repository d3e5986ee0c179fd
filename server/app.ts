import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import Fastify, { type FastifyInstance } from "fastify";
import type { Lang } from "../domain/i18n";
import type { PublicUser } from "../domain/types";
import { readSessionToken } from "./areas/accounts/session-cookie";
import { queueStartupJobs, schedulePeriodicJobs } from "./areas/jobs/job-kinds";
import { createJobWorker } from "./areas/jobs/job-worker";
import { prepareOutbox } from "./areas/mail/eml-writer";
import { mediaRoutes } from "./areas/media/media.routes";
import { healthRoutes } from "./areas/ops/health.routes";
import { createShopMetrics } from "./areas/ops/metrics";
import { metricsRoutes } from "./areas/ops/metrics.routes";
import { createReadiness } from "./areas/ops/readiness";
import { registerRequestMetrics } from "./areas/ops/request-metrics";
import { registerShutdown } from "./areas/ops/shutdown";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerApiNotFound } from "./http/api-not-found";
import { registerSessionUser } from "./http/auth";
import { registerCompression } from "./http/compression";
import { registerErrorHandler } from "./http/errors";
import { KEEP_ALIVE_TIMEOUT_MS } from "./http/keep-alive";
import { registerNulPathGuard } from "./http/nul-path";
import { registerOpenApi } from "./http/openapi";
import {
  BODY_LIMIT_BYTES,
  COMPLAINT_PAGE_PATH,
  complaintPageBodyLimit,
  registerPageBodyLimit,
} from "./http/page-body-limit";
import { requestLang } from "./http/request-lang";
import { readWhole, registerResponseCache } from "./http/response-cache";
import { registerSecurityHeaders } from "./http/security-headers";
import type { KsefGateway } from "./integrations/ksef/ksef-gateway";
import type { PaymentProvider } from "./integrations/payments/payment-provider";
import type { Carrier } from "./integrations/shipping/carrier";
import { createChangeFeed } from "./lib/change-feed";
import type { RateLimits } from "./lib/rate-limit";
import { redactSecrets } from "./lib/redact";
import { registerApiRoutes, registerFeedRoutes } from "./routes";
import { createServices, type Services } from "./services";

export interface BuildAppOptions {
  /** how to serve the React Router app: Vite middleware, the built app, or not at all (API tests) */
  web: "development" | "production" | false;
  logger?: boolean;
  /** where log lines go (default: written to standard output one by one; the running shop gathers them) */
  logStream?: { write(line: string): unknown };
  /** smaller rate limits (login, register, reset, resend) for tests */
  rateLimits?: Partial<RateLimits>;
  /** a payment provider other than the configured one (tests: a slow or failing gateway) */
  paymentProvider?: PaymentProvider;
  /** a carrier other than the configured one (tests: one refusing on command) */
  carrier?: Carrier;
  /** a KSeF other than the configured one (tests: the simulator behind a network that loses a reply) */
  ksefGateway?: KsefGateway | null;
  /**
   * run the background job worker in this process from start to close (the running shop; tests
   * run due jobs themselves: createJobWorker(…).runDue())
   */
  jobs?: boolean;
}

/** What every route loader and action receives as `context` (see web/lib/context.ts). */
export type WebLoadContext = {
  services: Services;
  lang: Lang;
  publicSettings: PublicSettings;
  /** the signed-in user of this request (from the session cookie), or null */
  user: PublicUser | null;
  /** the client's address (Fastify's request.ip), for the accounts' per-address rate limits */
  ip: string;
  /** this request's Content-Security-Policy nonce: every script the page renders carries it (web/entry.server.tsx) */
  cspNonce: string;
  /**
   * the answer is read whole before it is sent (a cacheable request: the response cache hashes and
   * may store it), so web/entry.server.tsx renders it into one buffer rather than a stream
   */
  wholePage?: boolean;
};

/** The only settings that reach the browser. */
export type PublicSettings = {
  publicUrl: string;
  gaMeasurementIds: string[];
  /** which gateway the checkout names (its logo) */
  paymentProvider: "demo" | "paynow";
  /** the provider's map widget when set (both ids are public: the widgets run in the browser) */
  parcelLockers: { apaczkaAppId: string | null; inpostGeowidgetToken: string | null };
};

export const LANG_COOKIE = "lang";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

export async function buildApp(
  config: Config,
  database: Database,
  options: BuildAppOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // no token, e-mail or order key in any line (server/lib/redact.ts)
            hooks: { streamWrite: redactSecrets },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // a number of hops is expressed as a function (Fastify's types take no number)
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  });
  fs.mkdirSync(config.mediaDir, { recursive: true });
  prepareOutbox(config.outboxDir);
  // the database's change signals: the response cache and what services keep in process follow them
  // on every instance (docs/decisions/023)
  const changeFeed = createChangeFeed(database, { log: app.log });
  app.addHook("onClose", () => changeFeed.close());
  await changeFeed.ready;
  const services = createServices(database.db, config, {
    changes: changeFeed,
    rateLimits: options.rateLimits,
    log: app.log,
    paymentProvider: options.paymentProvider,
    carrier: options.carrier,
    ksefGateway: options.ksefGateway,
  });
  app.decorate("services", services);
  // Prometheus metrics only when METRICS_TOKEN is set: nothing is counted that nobody may read (ADR 071)
  const metrics = config.metricsToken ? createShopMetrics(database.db) : null;
  if (metrics) registerRequestMetrics(app, metrics);
  // e-mail delivery, the unpaid-order sweep, picture variants (docs/decisions/050)
  const worker = options.jobs
    ? createJobWorker(services.jobQueue, services.jobHandlers, {
        ...config.jobs,
        stopGraceMs: config.shutdown.graceMs,
        log: app.log,
        schedule: () => schedulePeriodicJobs(services.jobQueue, services.jobHandlers),
        onAttemptFailed: metrics ? (kind, status) => metrics.jobFailed(kind, status) : undefined,
      })
    : null;
  // liveness, readiness and the graceful shutdown (docs/decisions/071); JOB_CONCURRENCY=0: no worker to check
  const readiness = createReadiness({ database, worker: config.jobs.concurrency > 0 ? worker : null });
  registerShutdown(app, readiness, worker ? () => worker.stop() : null);
  if (worker) {
    app.addHook("onReady", async () => {
      await queueStartupJobs(services.jobQueue).catch((error: unknown) =>
        app.log.warn({ reason: (error as Error).message }, "queueing the start-up jobs failed"),
      );
      worker.start();
    });
    app.addHook("onClose", () => worker.stop());
  }
  registerErrorHandler(app);
  // a path with U+0000 names nothing (before every other hook: nothing looks it up)
  registerNulPathGuard(app);
  await app.register(fastifyCookie);
  // CSP nonce, security headers, the CSRF rule and Secure cookies on every route (docs/decisions/020)
  registerSecurityHeaders(app, config, { web: options.web });
  // anonymous pages and the public catalog API: ETag, 304, Cache-Control and an in-process cache
  // cleared by the database's change notifications on every instance (docs/decisions/023); never
  // with Vite's development server, whose code changes it would not see
  registerResponseCache(app, {
    feed: changeFeed,
    enabled: config.responseCache && options.web !== "development",
  });
  // after the cache (it stores pages uncompressed, each hit gets its own nonce) and before every
  // static-file route (docs/decisions/025)
  await registerCompression(app);
  await registerOpenApi(app, { version: "1" });

  await app.register(
    async (api) => {
      // /api/health, /api/health/live, /api/health/ready (docs/decisions/071)
      await api.register(healthRoutes(readiness));
      // request.user for every API route (session cookie or bearer token); guards in server/http/auth.ts
      registerSessionUser(api, services.accounts.userFromToken);
      await registerApiRoutes(api);
    },
    { prefix: "/api" },
  );

  // Prometheus's scrape, behind METRICS_TOKEN (404 without it)
  await app.register(metricsRoutes(metrics, config.metricsToken));

  // Media names are never reused: a gallery upload gets a random suffix and is never rewritten in
  // place, the seed writes a name only when missing (docs/decisions/024). So a year, immutable; the
  // ETag and Last-Modified still allow revalidation. From DATA_DIR/media by @fastify/static, or
  // streamed from the S3 bucket every instance shares (docs/decisions/081).
  if (services.media.kind === "s3") {
    await app.register(mediaRoutes(services.media));
    app.addHook("onClose", async () => {
      services.media.close();
      services.complaintPhotos.close();
    });
  } else {
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: "/media/",
      decorateReply: false,
      maxAge: "365d",
      immutable: true,
    });
  }
  // the marketplace feeds, XML outside /api (docs/decisions/072)
  await registerFeedRoutes(app);

  if (options.web) {
    const mode = options.web;
    const publicSettings: PublicSettings = {
      publicUrl: config.publicUrl,
      gaMeasurementIds: config.gaMeasurementIds,
      paymentProvider: config.payments.provider,
      parcelLockers: {
        apaczkaAppId: config.parcelLockers.apaczkaAppId,
        inpostGeowidgetToken: config.parcelLockers.inpostGeowidgetToken,
      },
    };
    await app.register(async (web) => {
      // an unknown /api path is a JSON 404, not a page; every page's body is limited as the API's is
      // (docs/decisions/034)
      registerApiNotFound(web);
      // the complaint form carries up to 5 photos (docs/decisions/066)
      registerPageBodyLimit(web, BODY_LIMIT_BYTES, {
        [COMPLAINT_PAGE_PATH]: complaintPageBodyLimit(config.media.maxUploadBytes),
      });
      await web.register(reactRouterFastify, {
        mode,
        buildDirectory: path.resolve("build"),
        // /assets/* are named by their content hash; anything else in build/client may change (docs/decisions/024)
        assetCacheControl: { public: true, maxAge: "365 days", immutable: true },
        defaultCacheControl: { public: true, maxAge: "1 hour" },
        // the .br/.gz copies the build wrote (scripts/precompress-plugin.ts)
        fastifyStaticOptions: { preCompressed: true },
        getLoadContext: async (request): Promise<WebLoadContext> => {
          // the address's ?lang= marker, else the cookie (docs/decisions/078)
          const lang = requestLang(request.url, request.cookies[LANG_COOKIE]);
          const user = await services.accounts.userFromToken(
            readSessionToken({
              cookie: request.headers.cookie,
              authorization: request.headers.authorization,
            }),
          );
          return {
            services,
            publicSettings,
            lang,
            user,
            ip: request.ip,
            cspNonce: request.cspNonce,
            wholePage: readWhole(request),
          };
        },
      });
    });
  }
  return app;
}
