import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, countDistinct, eq, exists, gte, lt, ne, type SQL, sql } from "drizzle-orm";
import type { Id } from "../../../domain/types";
import type { Db } from "../../db/client";
import { isDbId } from "../../db/ids";
import { orderItems, orderStatuses, orders, products, productViews } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import { liveProduct } from "../trash/live";
import { preparedRead } from "./prepared-read";

// Real figures behind the product page's social proof (SPEC §2 Product screen, issue 3: never
// invented numbers): how many people viewed a product in the last 15 minutes, and how many pieces
// were bought in the last 30 days. A viewer is a salted SHA-256 of the client's address (never of
// what the client says about itself: 40 posts with 40 user agents or sessions from one address are
// one viewer, issue 24); the address itself is never stored. Views are kept for a day. The posts are
// limited per address too (rate limit "product-view").

export const VIEW_WINDOW_MINUTES = 15;
export const VIEW_RETENTION_HOURS = 24;
export const PURCHASE_WINDOW_DAYS = 30;
/** A figure is shown only when it is worth showing: a lone viewer or one sale says nothing. */
export const SOCIAL_PROOF_MIN_VIEWERS = 2;
export const SOCIAL_PROOF_MIN_PURCHASES = 3;
/** Share of recorded views that also prune the old ones (cheap, no scheduler needed). */
export const PRUNE_PROBABILITY = 0.01;

const MINUTE_MS = 60_000;

/** Who is looking: the client's address (Fastify's request.ip, behind the trusted proxies). */
export interface ViewerIdentity {
  ip?: string | null;
}

/** Figures worth showing (null = not shown). */
export interface SocialProof {
  viewers: number | null;
  purchases: number | null;
}

/** The salted hash of a viewer, or null when nothing identifies them. */
export function viewerHash(salt: string, identity: ViewerIdentity): string | null {
  if (!identity.ip) return null;
  return createHash("sha256").update(salt).update("\0").update(`client:${identity.ip}`).digest("hex");
}

/**
 * The secret salt of viewer hashes: read from DATA_DIR/viewer-salt, created on first use. It lives
 * beside the media (shared storage) rather than in the database, so a database dump alone cannot
 * be used to test guessed addresses against the hashes.
 */
export function loadViewerSalt(dataDir: string): string {
  const file = path.join(dataDir, "viewer-salt");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const salt = randomBytes(32).toString("hex");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, salt, { flag: "wx", mode: 0o600 });
    return salt;
  } catch {
    // another instance created it first: use theirs
    return fs.readFileSync(file, "utf8").trim();
  }
}

export interface ProductActivityOptions {
  /** the secret salt of viewer hashes, or a function giving it (called once, on the first view) */
  salt: string | (() => string);
  now?: () => Date;
  /** for the occasional pruning; tests pin it */
  random?: () => number;
  /** counts a view's post from an address; false when the address is over its limit (none: no limit) */
  allowPost?: (ip: string) => Promise<boolean>;
}

export function createProductActivityService(db: Db, options: ProductActivityOptions) {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  let salt: string | null = typeof options.salt === "string" ? options.salt : null;
  const saltValue = () => {
    if (salt === null) salt = typeof options.salt === "string" ? options.salt : options.salt();
    return salt;
  };

  async function pruneOldViews(): Promise<number> {
    const before = new Date(now().getTime() - VIEW_RETENTION_HOURS * 60 * MINUTE_MS);
    const deleted = await db
      .delete(productViews)
      .where(lt(productViews.viewedAt, before))
      .returning({ id: productViews.id });
    return deleted.length;
  }

  /** distinct viewers of the product in the last 15 minutes (one row, `viewers`) */
  function viewersQuery(productId: Id | SQL, since: Date | SQL) {
    return db
      .select({ viewers: countDistinct(productViews.viewerHash) })
      .from(productViews)
      .where(and(eq(productViews.productId, productId), gte(productViews.viewedAt, since)));
  }
  const viewersSince = () => new Date(now().getTime() - VIEW_WINDOW_MINUTES * MINUTE_MS);

  async function viewersLast15Minutes(productId: Id): Promise<number> {
    if (!isDbId(productId)) return 0;
    const [row] = await viewersQuery(productId, viewersSince());
    return Number(row?.viewers ?? 0);
  }

  /**
   * Pieces of the product in orders paid (a PAYMENT_CONFIRMED entry in their history) within the
   * last 30 days; canceled orders do not count. One row, `pieces`.
   */
  function purchasesQuery(productId: Id | SQL, since: Date | SQL) {
    const paidRecently = db
      .select({ one: sql`1` })
      .from(orderStatuses)
      .where(
        and(
          eq(orderStatuses.orderId, orders.id),
          eq(orderStatuses.status, "PAYMENT_CONFIRMED"),
          gte(orderStatuses.createdAt, since),
        ),
      );
    return db
      .select({ pieces: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, productId), ne(orders.status, "CANCELED"), exists(paidRecently)));
  }

  const purchasesSince = () => new Date(now().getTime() - PURCHASE_WINDOW_DAYS * 24 * 60 * MINUTE_MS);

  // the product page's two figures in one statement, planned once (prepared-read.ts); no row for a
  // missing product
  const id = sql`${sql.placeholder("id")}::int`;
  const socialProofRead = preparedRead<{ viewers: number | string; purchases: number | string }>(
    db,
    "catalog_social_proof",
    db
      .select({
        viewers: sql<number>`(${viewersQuery(id, sql`${sql.placeholder("viewersSince")}::timestamptz`)})`.as(
          "viewers",
        ),
        purchases:
          sql<number>`(${purchasesQuery(id, sql`${sql.placeholder("purchasesSince")}::timestamptz`)})`.as(
            "purchases",
          ),
      })
      .from(products)
      .where(eq(products.id, id)),
  );

  async function purchasesLast30Days(productId: Id): Promise<number> {
    if (!isDbId(productId)) return 0;
    const [row] = await purchasesQuery(productId, purchasesSince());
    return Number(row?.pieces ?? 0);
  }

  return {
    /**
     * Records that a viewer looked at a visible product: at most one row per viewer and product
     * in any 15 minutes. `recorded` is false for a repeat or an unidentifiable viewer; a hidden or
     * missing product is a not-found failure, an address over its limit a rate-limited one.
     */
    async recordView(productId: Id, identity: ViewerIdentity): Promise<Result<{ recorded: boolean }>> {
      if (!isDbId(productId)) return fail("not-found");
      if (identity.ip && options.allowPost && !(await options.allowPost(identity.ip)))
        return fail("rate-limited");
      const [visible] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.isHidden, false), liveProduct));
      if (!visible) return fail("not-found");
      const hash = viewerHash(saltValue(), identity);
      if (hash === null) return ok({ recorded: false });
      const at = now();
      const since = new Date(at.getTime() - VIEW_WINDOW_MINUTES * MINUTE_MS);
      // one statement, so the check and the insert see the same rows (a rare concurrent repeat
      // could still slip in: the figure counts distinct viewers, so it would not change it)
      const inserted = await db.execute(sql`
        insert into ${productViews} (product_id, viewer_hash, viewed_at)
        select ${productId}::int, ${hash}::text, ${at.toISOString()}::timestamptz
        where not exists (
          select 1 from ${productViews}
          where ${productViews.productId} = ${productId}::int
            and ${productViews.viewerHash} = ${hash}::text
            and ${productViews.viewedAt} >= ${since.toISOString()}::timestamptz
        )
        returning id`);
      if (random() < PRUNE_PROBABILITY) await pruneOldViews();
      return ok({ recorded: inserted.rows.length > 0 });
    },

    viewersLast15Minutes,
    purchasesLast30Days,
    pruneOldViews,

    /** The product page's figures, each only when worth showing (never invented). */
    async socialProof(productId: Id): Promise<SocialProof> {
      if (!isDbId(productId)) return { viewers: null, purchases: null };
      // both figures in one statement (statements are what a product page costs on PGlite)
      const rows = await socialProofRead({
        id: productId,
        viewersSince: viewersSince().toISOString(),
        purchasesSince: purchasesSince().toISOString(),
      });
      const viewers = Number(rows[0]?.viewers ?? 0);
      const purchases = Number(rows[0]?.purchases ?? 0);
      return {
        viewers: viewers >= SOCIAL_PROOF_MIN_VIEWERS ? viewers : null,
        purchases: purchases >= SOCIAL_PROOF_MIN_PURCHASES ? purchases : null,
      };
    },
  };
}

export type ProductActivityService = ReturnType<typeof createProductActivityService>;
