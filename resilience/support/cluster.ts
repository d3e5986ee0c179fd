import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../server/test/free-port";

// A throwaway PostgreSQL server for the resilience suite: its own cluster (initdb in a temporary
// folder, trust authentication, listening on 127.0.0.1 at a free port, the Unix socket in the same
// folder), so a test may stop it abruptly (`pg_ctl -m immediate`) and start it again without touching
// any other server. Uses the newest /usr/lib/postgresql/*/bin (CI installs Debian's `postgresql`).
// PostgreSQL refuses to run as root: as root (CI, this machine) every binary runs as the `postgres`
// user through `su postgres -s /bin/sh -c`, as .ci/run does.

const run = promisify(execFile);

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** the cluster's data folder (PGDATA) */
  dataDir: string;
  /** the server's log file */
  logFile: string;
  /** `pg_ctl -m immediate stop`: the server dies at once, as on a power cut (crash recovery on start) */
  stopImmediate(): Promise<void>;
  /** starts the server again (waits until it accepts connections) */
  start(): Promise<void>;
  /** `pg_ctl -m fast stop`: a clean shutdown; start() brings it back */
  stop(): Promise<void>;
  /** stops the server if it runs and deletes the whole folder (end of a test file) */
  destroy(): Promise<void>;
  /** the last lines of the server log (for failure messages) */
  logTail(lines?: number): string;
}

/** The newest installed PostgreSQL's bin folder, or a clear error: the suite never skips silently. */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, "bin", "initdb")))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    throw new Error(
      "The resilience suite needs a PostgreSQL server installation (initdb, pg_ctl) under /usr/lib/postgresql/<version>/bin; " +
        "install it (Debian: apt-get install postgresql; .ci/run does) and run `npm run test:resilience` again.",
    );
  }
  return path.join(root, newest, "bin");
}

const asRoot = process.getuid?.() === 0;

function quote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Runs a shell command line as the `postgres` user when we are root, else as ourselves. */
async function runAsPostgres(commandLine: string): Promise<void> {
  if (asRoot) await run("su", ["postgres", "-s", "/bin/sh", "-c", commandLine]);
  else await run("/bin/sh", ["-c", commandLine]);
}

function runAsPostgresSync(commandLine: string): void {
  if (asRoot) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", commandLine], { stdio: "ignore" });
  else execFileSync("/bin/sh", ["-c", commandLine], { stdio: "ignore" });
}

/** Creates and starts a new cluster; call destroy() when done (a process exit stops it too). */
export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-resilience-pg-"));
  const dataDir = path.join(folder, "data");
  const logFile = path.join(folder, "postgres.log");
  const outFile = path.join(folder, "pg_ctl.out");
  if (asRoot) execFileSync("chown", ["postgres:postgres", folder]);
  const port = await freePort();
  const pgCtl = quote(path.join(bin, "pg_ctl"));
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`;
  // pg_ctl's output goes to a file, so the server it leaves running does not hold our pipes open
  const redirect = `>> ${quote(outFile)} 2>&1`;
  let running = false;

  const tail = (lines = 40) => {
    const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
    return `${read(outFile)}\n${read(logFile)}`.trim().split("\n").slice(-lines).join("\n");
  };
  const failed = (what: string, error: unknown) =>
    new Error(`PostgreSQL ${what} failed (${(error as Error).message.split("\n")[0]}):\n${tail()}`);

  try {
    await runAsPostgres(
      `${quote(path.join(bin, "initdb"))} -D ${quote(dataDir)} --auth=trust --username=postgres -E UTF8 --locale=C.UTF-8 --no-sync ${redirect}`,
    );
  } catch (error) {
    throw failed("initdb", error);
  }

  const start = async () => {
    try {
      await runAsPostgres(
        `${pgCtl} -D ${quote(dataDir)} -o ${quote(serverOptions)} -l ${quote(logFile)} -w -t 60 start ${redirect}`,
      );
      running = true;
    } catch (error) {
      throw failed("start", error);
    }
  };
  const stopWith = async (mode: "immediate" | "fast") => {
    try {
      await runAsPostgres(`${pgCtl} -D ${quote(dataDir)} -m ${mode} -w -t 60 stop ${redirect}`);
      running = false;
    } catch (error) {
      throw failed(`stop (-m ${mode})`, error);
    }
  };

  // a test that dies half-way must not leave a server behind
  const onExit = () => {
    if (!running) return;
    try {
      runAsPostgresSync(`${pgCtl} -D ${quote(dataDir)} -m immediate stop`);
    } catch {
      // already gone
    }
  };
  process.on("exit", onExit);

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    logFile,
    start,
    stop: () => stopWith("fast"),
    stopImmediate: () => stopWith("immediate"),
    async destroy() {
      if (running) await stopWith("fast").catch(() => stopWith("immediate"));
      process.off("exit", onExit);
      fs.rmSync(folder, { recursive: true, force: true });
    },
    logTail: tail,
  };
}
