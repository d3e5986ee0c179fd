import { s3Location } from "./areas/media/media-storage";
import { shutDownGracefully } from "./areas/ops/shutdown";
import { ConfigError, configWarnings, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedIfEmpty } from "./db/seed";
import { withStoredDemoSecret } from "./integrations/payments/demo-secret";
import { isDatabaseUnavailable } from "./lib/database-unavailable";
import { createBufferedLogStream } from "./lib/log-stream";

// Start-up: read config, open and migrate the database, seed the demo shop when
// empty, serve. Every expected start-up failure ends with one clear line.

function die(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) die(error.message);
    throw error;
  }
  try {
    config = withStoredDemoSecret(config);
  } catch (error) {
    die(`Cannot keep the demo bank's key in ${config.dataDir}: ${(error as Error).message}`);
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: config.dbDir }).catch(
    (error: Error) =>
      die(
        config.databaseUrl
          ? `Cannot connect to the database at DATABASE_URL (${new URL(config.databaseUrl).host}): ${error.message}`
          : `Cannot open the embedded database in ${config.dbDir}: ${error.message}`,
      ),
  );
  await database.migrate().catch((error: Error) => die(`Cannot apply database migrations: ${error.message}`));
  const seeded = await seedIfEmpty(database, config);

  const web = process.argv.includes("--dev") ? "development" : "production";
  // React and React Router pick their fast builds from NODE_ENV; the demo-credential
  // check above used the NODE_ENV the operator set, so this only tunes libraries.
  if (web === "production") process.env.NODE_ENV = "production";
  const { buildApp } = await import("./app");
  // log lines are written in gathered chunks; whatever waits is written when the process exits
  const logStream = createBufferedLogStream();
  process.on("exit", () => logStream.flushSync());
  // the background jobs (e-mail delivery, the unpaid-order sweep, picture variants) run in every
  // instance's worker, started when the app is ready and stopped when it closes (docs/decisions/050)
  const app = await buildApp(config, database, { web, logStream, jobs: true });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      die(`Port ${config.port} on ${config.host} is already in use; set PORT to a free port.`);
    if (code === "EACCES")
      die(`No permission to listen on port ${config.port}; set PORT to a port above 1024.`);
    if (code === "EADDRNOTAVAIL") die(`HOST ${config.host} is not an address of this machine.`);
    throw error;
  }

  for (const warning of configWarnings(config)) app.log.warn(warning);

  // A promise nobody awaited must not take the shop down (Node's default ends the process):
  // it is logged and the server keeps answering. A database connection lost outside any request
  // is expected while PostgreSQL restarts; anything else thrown outside a request is a bug the
  // process may not survive, so it is logged and the process ends (the supervisor restarts it).
  process.on("unhandledRejection", (reason) => {
    if (isDatabaseUnavailable(reason))
      app.log.warn({ reason: (reason as Error).message }, "database unavailable (unhandled rejection)");
    else app.log.error({ err: reason }, "unhandled promise rejection");
  });
  process.on("uncaughtException", (error) => {
    if (isDatabaseUnavailable(error)) {
      app.log.warn({ reason: error.message }, "database unavailable (uncaught)");
      return;
    }
    app.log.fatal({ err: error }, "uncaught exception");
    process.exit(1);
  });

  // Graceful shutdown (docs/decisions/071): readiness 503 at once, no new job claims, then after
  // SHUTDOWN_DELAY_SECONDS no new connections; requests and jobs get SHUTDOWN_GRACE_SECONDS to
  // finish (jobs not done by then go back to the queue); the database closes last. A second signal
  // ends the process at once.
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, "second signal: stopping at once");
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, ...config.shutdown }, "shutting down");
    try {
      await shutDownGracefully(app, config.shutdown);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  console.log(
    `\n  Shop running at ${config.publicUrl}  (${database.kind === "pglite" ? `embedded database in ${config.dbDir}` : "PostgreSQL server"})`,
  );
  if (config.mediaStorage.kind === "s3") console.log(`  Media in ${s3Location(config.mediaStorage)}`);
  if (seeded) console.log("  Seeded the demo shop.");
  if (config.admin.isDemo) {
    console.log(
      `  Demo staff login: ${config.admin.email} / ${config.admin.password}  (demo only; refused with NODE_ENV=production)`,
    );
  } else {
    console.log(`  Staff login: ${config.admin.email}`);
  }
  console.log("");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
