import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { totalQuantity } from "../../../domain/availability";
import { backInStockConfirmUrl, backInStockUnsubscribeUrl } from "../../../domain/back-in-stock-links";
import { localizedText } from "../../../domain/content-language";
import type { Lang } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { effectivePriceGrosze } from "../../../domain/pricing";
import type { BackInStockRequest } from "../../../domain/validation/back-in-stock";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { products, productVariants, backInStockSubscriptions as subs } from "../../db/schema";
import type { RateLimiter } from "../../lib/rate-limit";
import { fail, ok, type Result } from "../../lib/result";
import type { ServiceLog } from "../../services";
import { hashToken, newToken } from "../accounts/tokens";
import type { JobQueue } from "../jobs/job-queue";
import type { MailService } from "../mail/mail.service";
import { liveProduct } from "../trash/live";
import { backInStockConfirmEmail, backInStockEmail } from "./back-in-stock-emails";

// "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080). A request stores a pending
// subscription and mails a confirmation link (double opt-in); only confirmed ones are notified. The
// database trigger of migration 0023 queues BACK_IN_STOCK_JOB when a product's or variant's stock
// goes from 0 to above 0, whatever wrote it; the job claims each waiting subscription (notified_at)
// before its e-mail, so a retry or a second instance never mails twice. The hourly sweep catches what
// the trigger cannot see (a product shown again, a subscription confirmed after the stock came back)
// and deletes what is kept no longer. No address or token is ever logged.

/** The job that mails one product's waiting subscribers (queued by the trigger, the sweep, a confirmation). */
export const BACK_IN_STOCK_JOB = "catalog.back-in-stock";
/** The hourly sweep: products in stock with waiting subscribers, and the deletion of old rows. */
export const BACK_IN_STOCK_SWEEP_JOB = "catalog.back-in-stock-sweep";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** how long a confirmation link works; a pending row is deleted when it has expired */
export const CONFIRM_VALID_MS = 48 * HOUR;
/** asking again for the same product within this long sends no second confirmation */
export const CONFIRM_COOL_DOWN_MS = 1 * HOUR;
/** a notified row is kept this long (its notice's unsubscribe link), then deleted */
export const NOTIFIED_KEEP_MS = 7 * DAY;
/** a confirmed row still waiting after this long is deleted (the product never came back) */
export const WAITING_KEEP_MS = 365 * DAY;

export interface Subscriber {
  ip: string;
  lang: Lang;
  /** the signed-in customer: their own confirmed address needs no confirmation e-mail */
  user: { email: string; approved: boolean } | null;
}

export interface BackInStockDeps {
  mail: MailService;
  queue: JobQueue;
  limiter: RateLimiter;
  log: ServiceLog;
}

export type BackInStockService = ReturnType<typeof createBackInStockService>;

interface ProductState {
  id: number;
  title: string;
  titleEn: string;
  slug: string;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  quantity: number;
  isHidden: boolean;
  deletedAt: Date | null;
  variants: { id: number; quantity: number; priceGrosze: number; promotionalPriceGrosze: number | null }[];
}

export function createBackInStockService(db: Db, config: Config, deps: BackInStockDeps) {
  const now = () => deps.queue.clock();
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  async function productState(productId: number): Promise<ProductState | null> {
    const [product] = await db
      .select({
        id: products.id,
        title: products.title,
        titleEn: products.titleEn,
        slug: products.slug,
        priceGrosze: products.priceGrosze,
        promotionalPriceGrosze: products.promotionalPriceGrosze,
        quantity: products.quantity,
        isHidden: products.isHidden,
        deletedAt: products.deletedAt,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) return null;
    const variants = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
    return { ...product, variants };
  }

  const shown = (product: ProductState) => !product.isHidden && product.deletedAt === null;

  /** The variant chosen (null: the product as a whole) and whether it can be bought now. */
  function stockOf(product: ProductState, variantId: number | null): { known: boolean; inStock: boolean } {
    if (variantId === null) return { known: true, inStock: totalQuantity(product) > 0 };
    const variant = product.variants.find((v) => v.id === variantId);
    return variant ? { known: true, inStock: variant.quantity > 0 } : { known: false, inStock: false };
  }

  function priceOf(product: ProductState, variantId: number | null): number {
    const variant = variantId === null ? null : product.variants.find((v) => v.id === variantId);
    if (variant) return effectivePriceGrosze(variant);
    const prices = product.variants.length > 0 ? product.variants : [product];
    return Math.min(...prices.map((item) => effectivePriceGrosze(item)));
  }

  const titleOf = (product: ProductState, lang: Lang) => localizedText(lang, product.title, product.titleEn);

  async function sendConfirmation(
    product: ProductState,
    row: { id: number; email: string; lang: Lang },
  ): Promise<void> {
    const confirmToken = newToken();
    const unsubscribeToken = newToken();
    const at = now();
    await db
      .update(subs)
      .set({
        confirmTokenHash: hashToken(confirmToken),
        confirmExpiresAt: new Date(at.getTime() + CONFIRM_VALID_MS),
        confirmSentAt: at,
        unsubscribeTokenHash: hashToken(unsubscribeToken),
      })
      .where(eq(subs.id, row.id));
    await deps.mail.send(
      backInStockConfirmEmail({
        lang: row.lang,
        to: row.email,
        product: titleOf(product, row.lang),
        confirmUrl: absolute(backInStockConfirmUrl(confirmToken)),
        unsubscribeUrl: absolute(backInStockUnsubscribeUrl(unsubscribeToken)),
        shopName: config.shopName,
      }),
    );
  }

  /** Queues the product's notice job (it sends only what is due); wakes this process's worker. */
  async function queueNotice(productId: number): Promise<void> {
    await deps.queue.enqueue(
      BACK_IN_STOCK_JOB,
      { productId },
      { singletonKey: `${BACK_IN_STOCK_JOB}:${productId}` },
    );
    deps.queue.notify();
  }

  return {
    /**
     * The product page's form. Whatever the address's state (new, pending, confirmed), the answer is
     * the same, so the form tells nobody whether an address is subscribed; `confirmed` is true only
     * for the signed-in customer's own confirmed address (subscribed at once, no e-mail).
     */
    async subscribe(input: BackInStockRequest, who: Subscriber): Promise<Result<{ confirmed: boolean }>> {
      if (!(await deps.limiter.hitAddress("back-in-stock", who.ip)).allowed) return fail("rate-limited");
      const product = await productState(input.productId);
      if (!product || !shown(product)) return fail("not-found");
      const stock = stockOf(product, input.variantId);
      if (!stock.known) return fail("not-found");
      if (stock.inStock) return fail("conflict");
      const own = who.user?.approved === true && who.user.email.toLowerCase() === input.email;
      const at = now();
      // one waiting row per address and product (and variant): a second request finds the first
      const [inserted] = await db
        .insert(subs)
        .values({
          productId: input.productId,
          variantId: input.variantId,
          email: input.email,
          lang: who.lang,
          // a placeholder until the first e-mail carries a real one (never usable: not a hash of a token)
          unsubscribeTokenHash: `pending:${newToken()}`,
          confirmedAt: own ? at : null,
        })
        .onConflictDoNothing()
        .returning({ id: subs.id });
      const [row] = inserted
        ? [{ ...inserted, confirmedAt: own ? at : null, confirmSentAt: null as Date | null }]
        : await db
            .select({ id: subs.id, confirmedAt: subs.confirmedAt, confirmSentAt: subs.confirmSentAt })
            .from(subs)
            .where(
              and(
                eq(subs.productId, input.productId),
                sql`coalesce(${subs.variantId}, 0) = ${input.variantId ?? 0}`,
                sql`lower(${subs.email}) = ${input.email}`,
                isNull(subs.notifiedAt),
              ),
            );
      if (!row) return ok({ confirmed: false });
      if (own) {
        if (!row.confirmedAt) await db.update(subs).set({ confirmedAt: at }).where(eq(subs.id, row.id));
        return ok({ confirmed: true });
      }
      if (row.confirmedAt) return ok({ confirmed: false });
      if (row.confirmSentAt && at.getTime() - row.confirmSentAt.getTime() < CONFIRM_COOL_DOWN_MS)
        return ok({ confirmed: false });
      const mailHit = await deps.limiter.hit("back-in-stock-mail", { account: input.email, address: who.ip });
      if (!mailHit.allowed) return ok({ confirmed: false });
      await sendConfirmation(product, { id: row.id, email: input.email, lang: who.lang });
      return ok({ confirmed: false });
    },

    /** The confirmation page's button: the subscription waits for the stock from now on. */
    async confirm(token: string): Promise<Result<{ productId: number }>> {
      const at = now();
      const [row] = await db
        .update(subs)
        .set({ confirmedAt: at, confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(subs.confirmTokenHash, hashToken(token)),
            isNull(subs.confirmedAt),
            gt(subs.confirmExpiresAt, at),
          ),
        )
        .returning({ productId: subs.productId });
      if (!row) return fail("invalid-token");
      // stock that came back between the request and the confirmation is told at once
      await queueNotice(row.productId);
      return ok({ productId: row.productId });
    },

    /** The unsubscribe page's button: the subscription is deleted (an unknown link changes nothing). */
    async unsubscribe(token: string): Promise<Result<{ removed: boolean }>> {
      const removed = await db
        .delete(subs)
        .where(eq(subs.unsubscribeTokenHash, hashToken(token)))
        .returning({ id: subs.id });
      return ok({ removed: removed.length > 0 });
    },

    /**
     * The BACK_IN_STOCK_JOB: e-mails every confirmed subscriber of the product whose product (or
     * variant) is in stock, once. A hidden or trashed product sends nothing (its subscribers keep
     * waiting). Each row is claimed (notified_at) before its e-mail is stored; should storing fail,
     * the claims are given back and the job fails, to be retried. Returns how many were sent.
     */
    async notifyProduct(productId: number): Promise<number> {
      const product = await productState(productId);
      if (!product || !shown(product)) return 0;
      const waiting = await db
        .select({ id: subs.id, variantId: subs.variantId })
        .from(subs)
        .where(and(eq(subs.productId, productId), isNotNull(subs.confirmedAt), isNull(subs.notifiedAt)));
      const due = waiting.filter((row) => stockOf(product, row.variantId).inStock).map((row) => row.id);
      if (due.length === 0) return 0;
      const tokens = new Map(due.map((id) => [id, newToken()]));
      const at = now();
      // one statement claims the rows no one else has claimed and gives each its unsubscribe link
      const claimed = await db
        .update(subs)
        .set({
          notifiedAt: at,
          unsubscribeTokenHash: sql`case ${sql.join(
            [...tokens].map(([id, token]) => sql`when ${subs.id} = ${id} then ${hashToken(token)}`),
            sql` `,
          )} else ${subs.unsubscribeTokenHash} end`,
        })
        .where(and(inArray(subs.id, due), isNull(subs.notifiedAt)))
        .returning({ id: subs.id, email: subs.email, lang: subs.lang, variantId: subs.variantId });
      if (claimed.length === 0) return 0;
      const messages = claimed.map((row) =>
        backInStockEmail({
          lang: row.lang,
          to: row.email,
          product: titleOf(product, row.lang),
          price: formatPrice(priceOf(product, row.variantId)),
          productUrl: absolute(`/produkt/${product.id}-${product.slug}`),
          unsubscribeUrl: absolute(backInStockUnsubscribeUrl(tokens.get(row.id) as string)),
          shopName: config.shopName,
        }),
      );
      try {
        await deps.mail.sendMany(messages);
      } catch (error) {
        await db
          .update(subs)
          .set({ notifiedAt: null })
          .where(
            inArray(
              subs.id,
              claimed.map((row) => row.id),
            ),
          );
        throw error;
      }
      deps.log.info?.({ productId, sent: claimed.length }, "back-in-stock notices sent");
      return claimed.length;
    },

    /**
     * The hourly sweep: queues the notice of every shown product that is in stock with confirmed
     * subscribers waiting (what the trigger could not see), and deletes expired pending rows, notified
     * rows after NOTIFIED_KEEP_MS and waiting ones after WAITING_KEEP_MS. Returns the products queued.
     */
    async sweep(): Promise<number> {
      const at = now().getTime();
      await db
        .delete(subs)
        .where(
          or(
            and(isNull(subs.confirmedAt), lt(subs.confirmExpiresAt, new Date(at))),
            and(isNull(subs.confirmedAt), isNull(subs.confirmSentAt), lt(subs.createdAt, new Date(at - DAY))),
            lt(subs.notifiedAt, new Date(at - NOTIFIED_KEEP_MS)),
            lt(subs.createdAt, new Date(at - WAITING_KEEP_MS)),
          ),
        );
      const due = await db
        .selectDistinct({ productId: subs.productId })
        .from(subs)
        .innerJoin(products, eq(products.id, subs.productId))
        .leftJoin(productVariants, eq(productVariants.id, subs.variantId))
        .where(
          and(
            isNotNull(subs.confirmedAt),
            isNull(subs.notifiedAt),
            eq(products.isHidden, false),
            liveProduct,
            sql`case when ${subs.variantId} is not null then ${productVariants.quantity} > 0
              when exists (select 1 from ${productVariants} v where v.product_id = ${products.id})
                then exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.quantity > 0)
              else ${products.quantity} > 0 end`,
          ),
        );
      for (const { productId } of due) await queueNotice(productId);
      return due.length;
    },

    /** Confirmed subscribers waiting, per product (the staff list and form; no addresses). */
    async waitingCounts(productIds: readonly number[]): Promise<Map<number, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: subs.productId, count: sql<number>`count(*)::int` })
        .from(subs)
        .where(
          and(inArray(subs.productId, [...productIds]), isNotNull(subs.confirmedAt), isNull(subs.notifiedAt)),
        )
        .groupBy(subs.productId);
      return new Map(rows.map((row) => [row.productId, Number(row.count)]));
    },
  };
}
