import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { reactRouterFastify } from "@mcansh/remix-fastify/react-router";
import Fastify, { type FastifyInstance } from "fastify";
import { isLang, type Lang } from "../domain/i18n";
import type { PublicUser } from "../domain/types";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { registerErrorHandler } from "./http/errors";
import { registerApiRoutes } from "./routes";
import { createServices, type Services } from "./services";

export interface BuildAppOptions {
  /** how to serve the React Router app: Vite middleware, the built app, or not at all (API tests) */
  web: "development" | "production" | false;
  logger?: boolean;
}

/** What every route loader and action receives as `context` (see web/lib/context.ts). */
export type WebLoadContext = {
  services: Services;
  lang: Lang;
  publicSettings: PublicSettings;
  /** the signed-in user of this request (from the session cookie), or null */
  user: PublicUser | null;
};

/** The only settings that reach the browser. */
export type PublicSettings = {
  publicUrl: string;
  gaMeasurementIds: string[];
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
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  fs.mkdirSync(config.mediaDir, { recursive: true });
  fs.mkdirSync(config.outboxDir, { recursive: true });
  const services = createServices(database.db, config);
  app.decorate("services", services);
  registerErrorHandler(app);
  await app.register(fastifyCookie);

  await app.register(
    async (api) => {
      api.get("/health", async () => ({ status: "ok", database: database.kind }));
      await registerApiRoutes(api);
    },
    { prefix: "/api" },
  );

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: "/media/",
    decorateReply: false,
    maxAge: "7d",
  });

  if (options.web) {
    const publicSettings: PublicSettings = { publicUrl: config.publicUrl, gaMeasurementIds: config.gaMeasurementIds };
    await app.register(reactRouterFastify, {
      mode: options.web,
      buildDirectory: path.resolve("build"),
      getLoadContext: (request): WebLoadContext => {
        const cookieLang = request.cookies[LANG_COOKIE];
        const lang = cookieLang && isLang(cookieLang) ? cookieLang : "pl";
        // The accounts area resolves the session cookie into the user here.
        return { services, publicSettings, lang, user: null };
      },
    });
  }
  return app;
}
