import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopChild } from "../../server/test/child-process";
import { freePort } from "../../server/test/free-port";

// Caddy in front of the shop's instances, as in production (deploy/Caddyfile), with its internal
// certificate authority on a loopback port: deploy/Caddyfile.test, the same snippets
// (deploy/shop.caddy). Caddy's data (the CA's root and the site certificate) and its log live in a
// temporary folder; the root certificate is handed to the test's client (support/tls-fetch.ts).
// Needs Debian's `caddy` (CI installs it).

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export interface Caddy {
  /** https://localhost:<port> */
  url: string;
  port: number;
  /** Caddy's internal root certificate (PEM): what the client must trust */
  rootCertificate: string;
  /** Caddy's JSON log (reverse_proxy at debug: every failed round trip with its upstream and request) */
  logFile: string;
  /** the log's lines as objects */
  logEntries(): Record<string, unknown>[];
  stop(): Promise<void>;
}

/** A request header of one of Caddy's log entries (the logged request's headers, any case). */
export function loggedRequestHeader(entry: Record<string, unknown>, name: string): string | undefined {
  const headers = (entry.request as { headers?: Record<string, string[]> } | undefined)?.headers ?? {};
  return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]?.[0];
}

/** caddy's path, or a clear error: the suite never skips silently. */
export function caddyBin(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "caddy");
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    "The production-shaped resilience run needs Caddy (Debian: apt-get install caddy; .ci/run does) on the PATH.",
  );
}

async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  child: ChildProcess,
  log: () => string,
) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Caddy exited (${child.exitCode}) before ${what}:\n${log()}`);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Caddy: no ${what} within 30 s:\n${log()}`);
}

export async function startCaddy(options: { upstreams: string[]; port?: number }): Promise<Caddy> {
  const bin = caddyBin();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-resilience-caddy-"));
  const port = options.port ?? (await freePort());
  const logFile = path.join(folder, "caddy.log");
  const outFile = path.join(folder, "caddy.out");
  const out = fs.openSync(outFile, "a");
  const child = spawn(
    bin,
    ["run", "--config", path.join(ROOT, "deploy", "Caddyfile.test"), "--adapter", "caddyfile"],
    {
      cwd: folder,
      env: {
        PATH: process.env.PATH,
        HOME: folder,
        XDG_DATA_HOME: path.join(folder, "data"),
        XDG_CONFIG_HOME: path.join(folder, "config"),
        SHOP_HTTPS_PORT: String(port),
        SHOP_UPSTREAMS: options.upstreams.join(" "),
        CADDY_LOG: logFile,
        CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
      },
      stdio: ["ignore", out, out],
    },
  );
  fs.closeSync(out);
  const onExit = () => child.kill("SIGKILL");
  process.on("exit", onExit);
  const log = () =>
    fs.existsSync(outFile) ? fs.readFileSync(outFile, "utf8").split("\n").slice(-30).join("\n") : "";
  const rootFile = path.join(folder, "data", "caddy", "pki", "authorities", "local", "root.crt");
  const url = `https://localhost:${port}`;
  try {
    await waitFor("root certificate", () => fs.existsSync(rootFile), child, log);
    // the site's certificate is issued right after the start: the port answers a TLS handshake then
    await waitFor(
      "site certificate",
      () =>
        fs.existsSync(
          path.join(folder, "data", "caddy", "certificates", "local", "localhost", "localhost.crt"),
        ),
      child,
      log,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url,
    port,
    rootCertificate: fs.readFileSync(rootFile, "utf8"),
    logFile,
    logEntries: () =>
      fs.existsSync(logFile)
        ? fs
            .readFileSync(logFile, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>)
        : [],
    async stop() {
      await stopChild(child, 5_000);
      process.off("exit", onExit);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
