import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../db/client";

// "Something the storefront shows has changed": the database triggers of migration 0007 send
// `NOTIFY shop_changed` (payload: the table) when a statement changes a catalog or content table.
// NOTIFY is transactional: it is delivered once per transaction and channel, at commit, to every
// session that LISTENs — on every instance. The in-process response cache (server/http/response-cache/)
// clears itself on each signal (docs/decisions/023-http-caching.md).
//
// - PGlite (one connection, one process): `pglite.listen`; a write's notification arrives before
//   the write's own promise resolves.
// - PostgreSQL: a dedicated client (not from the pool) LISTENs for the other instances' writes. It
//   reconnects with backoff when its connection drops and signals a change on every (re)connect, as
//   notifications sent while it was away are lost; a periodic `select 1` finds a silently dead
//   connection. While it is away, `listening` is false and the cache serves nothing.
//   Every pool client LISTENs too: a session receives its own notifications before its COMMIT
//   returns, so this instance's own writes clear the cache before the writing request goes on
//   (read-your-writes), without waiting for the dedicated connection.

export const CHANGE_CHANNEL = "shop_changed";
/** how the LISTEN connection shows in pg_stat_activity */
export const CHANGE_FEED_APPLICATION_NAME = "shop change feed";

/** The server process id of a connected client's session (pg sets it, its types omit it). */
function backendPid(client: pg.PoolClient | pg.Client): number | null {
  return (client as unknown as { processID: number | null }).processID ?? null;
}

/**
 * The payload of a signal: the changed table; "reconnect"/"disconnect" (anything may have changed);
 * or "stock:" and product ids when only those products' stock changed (migration 0010, see stockChangeOf).
 */
export type ChangeListener = (source: string) => void;

const STOCK_SIGNAL = /^stock:(\d+(?:,\d+)*)$/;

/**
 * The products whose quantity (or a variant's) alone changed, from a "stock:12,40" signal (an order
 * taking stock, a cancelled one giving it back: migration 0010); null for any other signal.
 */
export function stockChangeOf(source: string): number[] | null {
  const match = STOCK_SIGNAL.exec(source);
  return match ? (match[1] as string).split(",").map(Number) : null;
}

export interface ChangeFeed {
  /** calls `listener` on every change signal; returns the unsubscribe function */
  onChange(listener: ChangeListener): () => void;
  /** true while changes are being received (PostgreSQL: the LISTEN connection is up) */
  readonly listening: boolean;
  /** resolves once the first LISTEN succeeded or failed (never rejects) */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** where connection losses and recoveries are reported (Fastify's logger in the app) */
  log?: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** PostgreSQL: first reconnect delay, doubled up to maxRetryMs (tests shorten them) */
  retryMs?: number;
  maxRetryMs?: number;
  /** PostgreSQL: how often the LISTEN connection is checked with `select 1` */
  pingMs?: number;
}

const DEFAULT_RETRY_MS = 250;
const DEFAULT_MAX_RETRY_MS = 5_000;
const DEFAULT_PING_MS = 30_000;
/** a ping (or the LISTEN) that takes longer than this means the connection is gone */
const QUERY_TIMEOUT_MS = 5_000;

function createListeners() {
  const listeners = new Set<ChangeListener>();
  return {
    add(listener: ChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(source: string): void {
      for (const listener of listeners) {
        try {
          listener(source);
        } catch {
          // one failing listener must not keep the others from clearing their state
        }
      }
    },
  };
}

/** The change feed of the shop's database (PGlite or a PostgreSQL server). */
export function createChangeFeed(database: Database, options: ChangeFeedOptions = {}): ChangeFeed {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind === "pglite" && client) return pgliteFeed(client as PGlite);
  if (database.kind === "postgres" && client instanceof pg.Pool) return postgresFeed(client, options);
  // a database we cannot listen to: nothing is ever cached
  return {
    onChange: () => () => {},
    listening: false,
    ready: Promise.resolve(),
    close: async () => {},
  };
}

function pgliteFeed(pglite: PGlite): ChangeFeed {
  const listeners = createListeners();
  let listening = false;
  let closed = false;
  let unlisten: (() => Promise<void>) | null = null;
  const ready = pglite
    .listen(CHANGE_CHANNEL, (payload) => listeners.emit(payload))
    .then((stop) => {
      unlisten = stop;
      listening = !closed;
    })
    .catch(() => {
      // a closed or broken database: nothing is cached
    });
  return {
    onChange: listeners.add,
    get listening() {
      return listening;
    },
    ready,
    async close() {
      closed = true;
      listening = false;
      await ready;
      await unlisten?.().catch(() => {});
    },
  };
}

function postgresFeed(pool: pg.Pool, options: ChangeFeedOptions): ChangeFeed {
  const listeners = createListeners();
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const maxRetryMs = options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
  const pingMs = options.pingMs ?? DEFAULT_PING_MS;
  let closed = false;
  let listening = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let firstAttempt = true;
  let retryTimer: NodeJS.Timeout | undefined;
  /** the connection attempt under way, which close() waits for */
  let connecting: Promise<void> = Promise.resolve();
  let pingTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  // The pool's clients: each LISTENs once, before the first query its borrower sends (pg runs a
  // client's queries in order), and reports its own session's notifications, which arrive before
  // its COMMIT returns. The dedicated client reports the rest (other instances' writes) and skips
  // those of our own listening sessions, so each change is reported once.
  const ownSessions = new Set<number>();
  /** our notification handler on each pool client (removed on close) */
  const poolClients = new Map<pg.PoolClient, (message: pg.Notification) => void>();
  const onAcquire = (poolClient: pg.PoolClient) => {
    if (poolClients.has(poolClient)) return;
    const session = backendPid(poolClient);
    const onNotification = (message: pg.Notification) => {
      if (message.channel === CHANGE_CHANNEL && message.processId === session) {
        listeners.emit(message.payload ?? "");
      }
    };
    poolClients.set(poolClient, onNotification);
    poolClient.on("notification", onNotification);
    poolClient
      .query(`LISTEN ${CHANGE_CHANNEL}`)
      .then(() => {
        if (session !== null) ownSessions.add(session);
      })
      // a failure here also fails the borrower's own query (same connection): nothing to add
      .catch(() => {});
  };
  const onRemove = (poolClient: pg.PoolClient) => {
    poolClients.delete(poolClient);
    const session = backendPid(poolClient);
    if (session !== null) ownSessions.delete(session);
  };
  pool.on("acquire", onAcquire);
  pool.on("remove", onRemove);

  function scheduleReconnect(): void {
    if (closed) return;
    const delay = Math.min(maxRetryMs, retryMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(() => {
      connecting = connect();
    }, delay);
    retryTimer.unref();
  }

  function lost(dedicated: pg.Client, reason: string): void {
    if (client !== dedicated) return;
    client = null;
    clearInterval(pingTimer);
    dedicated.removeAllListeners("end");
    dedicated.end().catch(() => {});
    if (closed) return;
    listening = false;
    options.log?.warn({ reason }, "change feed: LISTEN connection lost, reconnecting");
    // whatever is cached may now miss a change: drop it, and cache nothing until reconnected
    listeners.emit("disconnect");
    scheduleReconnect();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    const dedicated = new pg.Client({
      ...pool.options,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // a lost server emits 'error' (which must be listened to, or the process ends) and then 'end'
    dedicated.on("error", () => {});
    try {
      await dedicated.connect();
      await dedicated.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      dedicated.end().catch(() => {});
      firstAttempt = false;
      if (failures === 0)
        options.log?.warn({ reason: (error as Error).message }, "change feed: cannot LISTEN");
      markReady();
      scheduleReconnect();
      return;
    }
    if (closed) {
      await dedicated.end().catch(() => {});
      return;
    }
    client = dedicated;
    dedicated.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL && !ownSessions.has(message.processId)) {
        listeners.emit(message.payload ?? "");
      }
    });
    dedicated.on("end", () => lost(dedicated, "connection ended"));
    pingTimer = setInterval(() => {
      dedicated.query("select 1").catch((error: Error) => lost(dedicated, error.message));
    }, pingMs);
    pingTimer.unref();
    if (failures > 0) options.log?.info({ attempts: failures }, "change feed: listening again");
    failures = 0;
    listening = true;
    // notifications sent while nobody listened are gone: a connection after a lost or failed one is
    // a change (it also voids renders that began before it)
    if (!firstAttempt) listeners.emit("reconnect");
    firstAttempt = false;
    markReady();
  }

  connecting = connect();

  return {
    onChange: listeners.add,
    get listening() {
      return listening;
    },
    ready,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      pool.off("acquire", onAcquire);
      pool.off("remove", onRemove);
      for (const [poolClient, onNotification] of poolClients) poolClient.off("notification", onNotification);
      poolClients.clear();
      const dedicated = client;
      client = null;
      markReady();
      await connecting;
      if (dedicated) {
        dedicated.removeAllListeners("end");
        await dedicated.end().catch(() => {});
      }
    },
  };
}
