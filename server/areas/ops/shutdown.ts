import type { FastifyInstance } from "fastify";
import type { Readiness } from "./readiness";

// The graceful shutdown of a running instance (docs/decisions/071), on SIGTERM or SIGINT:
// 1. readiness answers 503 at once and the job worker claims nothing more (its running jobs go on);
// 2. after `delayMs` (the load balancer's probe interval) the server stops accepting connections;
// 3. in-flight requests finish; after `graceMs` the connections still open are cut;
// 4. running jobs finish within the same grace or are handed back to the queue (job-worker.ts), so
//    another instance takes them at once instead of after their lease;
// then the caller closes the database.

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
    /** step 1 of the shutdown: readiness 503, no more job claims (idempotent) */
    beginShutdown(): void;
  }
}

/** Registers `readiness` and `beginShutdown` on the app; `stopWorker` asks the worker to stop claiming. */
export function registerShutdown(
  app: FastifyInstance,
  readiness: Readiness,
  stopWorker: (() => Promise<void>) | null,
): void {
  app.decorate("readiness", readiness);
  app.decorate("beginShutdown", () => {
    if (readiness.shuttingDown) return;
    readiness.markShuttingDown();
    // awaited by the app's close (the worker's own onClose hook asks for the same stop)
    stopWorker?.().catch(() => {});
  });
}

export interface ShutdownOptions {
  delayMs: number;
  graceMs: number;
}

/** Steps 1–4; resolves when the app is closed (the database is still open). */
export async function shutDownGracefully(app: FastifyInstance, options: ShutdownOptions): Promise<void> {
  app.beginShutdown();
  if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  const cut = setTimeout(() => {
    app.log.warn(
      { graceMs: options.graceMs },
      "shutdown: requests still running after the grace period were cut",
    );
    app.server.closeAllConnections();
  }, options.graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
