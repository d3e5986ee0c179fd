import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogArticles, pages, productImages, products } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { itRefusesAllButStaff, startStaffApi } from "../../test/staff-api";
import { CENEO_FEED_PATH, GOOGLE_FEED_PATH } from "../feeds/feed-paths";
import { JOB_KINDS } from "../jobs/job-kinds";
import { TRASH_KEEP_DAYS } from "./trash.service";

// The trash (docs/decisions/076): a deleted product, page or blog article is gone from the
// storefront API, search, sitemap, feeds and carts, comes back when restored, and is deleted for good by
// the periodic job only after 30 days; a page whose link was taken meanwhile is not restored.

const kit = kitForFile(startStaffApi);
const DAY_MS = 24 * 60 * 60_000;

let productId: number;
let pageId: number;
let articleId: number;

beforeAll(async () => {
  const { db } = kit.database;
  const [product] = await db
    .insert(products)
    .values({ title: "Poduszka koszowa", slug: "poduszka-koszowa", quantity: 5, priceGrosze: 4_900 })
    .returning({ id: products.id });
  const [page] = await db
    .insert(pages)
    .values({ link: "o-koszu", title: "O koszu", content: "<p>Treść</p>" })
    .returning({ id: pages.id });
  const [article] = await db
    .insert(blogArticles)
    .values({ title: "Artykuł koszowy", slug: "artykul-koszowy", content: "<p>Treść</p>" })
    .returning({ id: blogArticles.id });
  productId = product?.id ?? 0;
  // the Google feed lists only products with a picture
  await db
    .insert(productImages)
    .values({ productId, url: "/media/kosz.webp", thumbUrl: "/media/kosz-t.webp", name: "kosz" });
  pageId = page?.id ?? 0;
  articleId = article?.id ?? 0;
});

const get = (url: string) => kit.app.inject({ method: "GET", url });

/** Where the storefront shows the three records: true for each place that still shows them. */
async function shown() {
  const [product, search, list, page, article, blogs, google, ceneo, sitemap, cart] = await Promise.all([
    get(`/api/shops/products/${productId}`),
    get(`/api/shops/products?szukaj=${encodeURIComponent("koszowa")}`),
    kit.call("moderator", "GET", `/api/shops/products/basic`),
    get("/api/pages/by-link/o-koszu"),
    get(`/api/blogs/${articleId}`),
    get("/api/blogs"),
    get(GOOGLE_FEED_PATH),
    get(CENEO_FEED_PATH),
    kit.app.services.sitemap.listEntries(),
    kit.app.services.cart.view({
      saved: [{ productId, variantId: null, variantKeys: {}, quantity: 1 }],
      couponCode: null,
      deliveryMethod: "parcel-locker",
      user: null,
      ip: "192.0.2.10",
    }),
  ]);
  const paths = sitemap.map((entry) => entry.path);
  return {
    product: product.statusCode === 200,
    search: search.json().items.some((item: { _id: number }) => item._id === productId),
    basic: list.json().some((item: { _id: number }) => item._id === productId),
    page: page.statusCode === 200,
    article: article.statusCode === 200,
    blogList: blogs.json().some((item: { _id: number }) => item._id === articleId),
    google: google.body.includes("Poduszka koszowa"),
    ceneo: ceneo.body.includes("Poduszka koszowa"),
    sitemapProduct: paths.includes(`/produkt/${productId}-poduszka-koszowa`),
    sitemapPage: paths.includes("/o-koszu"),
    sitemapArticle: paths.some((path) => path.startsWith(`/blog/${articleId}`)),
    cart: cart.cart.lines.some((line) => line.productId === productId),
  };
}

const everywhere = (value: boolean) => ({
  product: value,
  search: value,
  basic: value,
  page: value,
  article: value,
  blogList: value,
  google: value,
  ceneo: value,
  sitemapProduct: value,
  sitemapPage: value,
  sitemapArticle: value,
  cart: value,
});

describe("trash", () => {
  it("a deleted product, page and article are gone from the storefront, and back when restored", async () => {
    expect(await shown()).toEqual(everywhere(true));

    for (const url of [
      `/api/shops/products/${productId}`,
      `/api/pages/${pageId}`,
      `/api/blogs/${articleId}`,
    ]) {
      const removed = await kit.call("moderator", "DELETE", url);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect(await shown()).toEqual(everywhere(false));
    // still in the database, in the trash, and the delete audited as before
    expect((await kit.lastAudit("product.delete"))?.entityId).toBe(String(productId));
    const trash = await kit.call("moderator", "GET", "/api/trash");
    expect(trash.statusCode).toBe(200);
    const listed = trash.json<{ kind: string; _id: number; purgeAt: string; deletedAt: string }[]>();
    expect(listed.map((entry) => [entry.kind, entry._id]).sort()).toEqual(
      [
        ["blog", articleId],
        ["page", pageId],
        ["product", productId],
      ].sort(),
    );
    const first = listed[0];
    expect(Date.parse(first?.purgeAt ?? "") - Date.parse(first?.deletedAt ?? "")).toBe(
      TRASH_KEEP_DAYS * DAY_MS,
    );
    // staff lists and edits do not see it either
    expect(
      (await kit.call("moderator", "PUT", `/api/pages/${pageId}`, { link: "o-koszu", title: "X" }))
        .statusCode,
    ).toBe(404);

    for (const [kind, id] of [
      ["product", productId],
      ["page", pageId],
      ["blog", articleId],
    ] as const) {
      const restored = await kit.call("moderator", "POST", `/api/trash/${kind}/${id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect((await kit.lastAudit(`${kind}.restore`))?.actorId).toBe(kit.moderator.id);
    }
    expect(await shown()).toEqual(everywhere(true));
    expect((await kit.call("moderator", "GET", "/api/trash")).json()).toEqual([]);
  });

  it("refuses to restore a page whose link another page took meanwhile", async () => {
    const created = await kit.call("moderator", "POST", "/api/pages", { link: "zajety", title: "Pierwsza" });
    const first = created.json()._id;
    expect((await kit.call("moderator", "DELETE", `/api/pages/${first}`)).statusCode).toBe(200);
    const second = await kit.call("moderator", "POST", "/api/pages", { link: "zajety", title: "Druga" });
    expect(second.statusCode, second.body).toBe(201);

    const refused = await kit.call("moderator", "POST", `/api/trash/page/${first}/restore`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "trash/link-taken" });
    const [row] = await kit.database.db.select().from(pages).where(eq(pages.id, first));
    expect(row?.deletedAt).not.toBeNull();
  });

  it("the periodic job deletes for good only what is older than 30 days; staff may delete for good at once", async () => {
    const { db } = kit.database;
    const now = new Date();
    const [old, recent, other] = await db
      .insert(products)
      .values(
        [31, 29, 1].map((days, index) => ({
          title: `Stary ${index}`,
          slug: `stary-${index}`,
          priceGrosze: 100,
          deletedAt: new Date(now.getTime() - days * DAY_MS),
        })),
      )
      .returning({ id: products.id });
    expect(kit.app.services.jobHandlers[JOB_KINDS.purgeTrash]?.everyMs).toBeGreaterThan(0);

    expect(await kit.app.services.trash.purgeExpired(now)).toBe(1);
    const left = await db.select({ id: products.id }).from(products);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(old?.id);
    expect(ids).toContain(recent?.id);

    const purged = await kit.call("moderator", "DELETE", `/api/trash/product/${other?.id}`);
    expect(purged.statusCode, purged.body).toBe(200);
    expect(
      (
        await db
          .select()
          .from(products)
          .where(eq(products.id, other?.id ?? 0))
      ).length,
    ).toBe(0);
    expect((await kit.lastAudit("product.purge"))?.entityId).toBe(String(other?.id));
    // a live record is not in the trash: neither restored nor deleted for good through it
    expect((await kit.call("moderator", "DELETE", `/api/trash/product/${productId}`)).statusCode).toBe(404);
    expect((await kit.call("moderator", "POST", `/api/trash/page/${pageId}/restore`)).statusCode).toBe(404);
  });

  describe("staff only", () => {
    it("GET /api/trash: anonymous 401, a customer 403", async () => {
      expect((await kit.call("anonymous", "GET", "/api/trash")).statusCode).toBe(401);
      expect((await kit.call("user", "GET", "/api/trash")).statusCode).toBe(403);
    });
    itRefusesAllButStaff(
      kit,
      [
        ["POST", "/api/trash/product/1/restore", undefined],
        ["DELETE", "/api/trash/product/1", undefined],
      ],
      () => kit.database.db.select({ id: products.id, deletedAt: products.deletedAt }).from(products),
    );
  });
});
