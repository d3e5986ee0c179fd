import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductField } from "../../../domain/types";
import {
  OPTION_PARAM_PREFIX,
  productFields,
  productView,
  selectionFromSearch,
} from "../../../web/routes/product/product-view";
import { productImages, products } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { startCatalogStaffApi } from "../../test/staff-api";
import { ceneoAvail } from "./ceneo-feed";
import { CENEO_FEED_PATH, GOOGLE_FEED_PATH } from "./feed-paths";
import { elements, feedSchemaErrors, one, type XmlElement } from "./feed-xml.fixtures";
import { createFeedsService } from "./feeds.service";
import { saleInterval, warsawMidnight } from "./google-feed";

// The marketplace feeds (issue 30, docs/decisions/072) on the catalog fixtures: both validate
// against their schemas; no hidden product; every item's price and availability equal what the
// product page computes from the storefront's own API answer for the same product and variant
// (the item's link chooses the variant); the response cache keeps them until a price, stock or
// visibility changes; texts are escaped.

const kit = kitForFile(startCatalogStaffApi);

const TRICKY_TITLE = 'Kocyk "Miś" & <Zając> ]]> dla dzieci';
let tricky: number;

beforeAll(async () => {
  const { db } = kit.database;
  // Google refuses items without a picture: the promotion product gets one
  await db.insert(productImages).values({
    productId: kit.fx.products.simpleSale,
    url: "/media/poduszka.webp",
    thumbUrl: "/media/poduszka-thumb.webp",
    name: "poduszka",
  });
  const [row] = await db
    .insert(products)
    .values({
      title: TRICKY_TITLE,
      slug: "Kocyk_Mis",
      description: "<p>Ciepły &amp; <strong>miękki</strong></p><script>x</script>",
      quantity: 12,
      priceGrosze: 12_999,
    })
    .returning({ id: products.id });
  tricky = row?.id ?? 0;
  await db
    .insert(productImages)
    .values({ productId: tricky, url: "/media/mis.webp", thumbUrl: "/media/mis-t.webp", name: "m" });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  kit.app.inject({ method: "GET", url, headers });

async function feed(path: string) {
  const reply = await get(path);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply;
}

const googleItems = async () => elements((await feed(GOOGLE_FEED_PATH)).body, "item");
const ceneoOffers = async () => elements((await feed(CENEO_FEED_PATH)).body, "o");
const googleItem = (items: XmlElement[], id: string) => items.find((item) => one(item, "g:id") === id);
const price = (grosze: number) => `${(grosze / 100).toFixed(2)} PLN`;

/** What the product page shows for the item's link: its variant, prices, stock and level. */
async function pageSays(link: string) {
  const url = new URL(link);
  const id = Number(/^\/produkt\/(\d+)-/.exec(url.pathname)?.[1]);
  const product = (await get(`/api/shops/products/${id}`)).json<Product>();
  const fields = productFields(product, (await get("/api/shops/fields")).json<ProductField[]>());
  return productView(product, fields, selectionFromSearch(fields, product.variants, url.searchParams));
}

describe("the Google Merchant Center feed", () => {
  it("is RSS 2.0 with the g: namespace and every required attribute per item", async () => {
    const reply = await feed(GOOGLE_FEED_PATH);
    expect(reply.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("public, max-age=60");
    expect(reply.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(reply.body).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    expect(await feedSchemaErrors("google-feed.rng", reply.body)).toEqual([]);
    const items = elements(reply.body, "item");
    // the blanket's four variants, the promotion, the sold-out set and the tricky title; the
    // variant product without a picture is left out
    expect(items.map((item) => one(item, "g:id")).sort()).toEqual(
      [
        ...Object.values(kit.fx.variants).map((variant) => `${kit.fx.products.blanket}-${variant}`),
        String(kit.fx.products.simpleSale),
        String(kit.fx.products.outOfStock),
        String(tricky),
      ].sort(),
    );
    for (const item of items) {
      expect(item.children.get("g:additional_image_link")?.length ?? 0).toBeLessThanOrEqual(10);
      expect(one(item, "g:brand")).toBe(kit.config.shopName);
      expect(one(item, "g:identifier_exists")).toBe("no");
    }
  });

  it("says the price, sale price and availability the product page says, for every item and variant", async () => {
    const items = await googleItems();
    for (const item of items) {
      const view = await pageSays(one(item, "link"));
      const id = one(item, "g:id");
      expect(view.variant?._id ?? null, id).toBe(id.includes("-") ? Number(id.split("-")[1]) : null);
      expect(one(item, "g:price"), id).toBe(price(view.prices.standardPriceGrosze));
      expect(item.children.get("g:sale_price")?.[0], id).toBe(
        view.prices.priceGrosze < view.prices.standardPriceGrosze
          ? price(view.prices.priceGrosze)
          : undefined,
      );
      expect(one(item, "g:availability"), id).toBe(view.canAddToCart ? "in_stock" : "out_of_stock");
      // the cheapest delivery the checkout offers: free from 99 zł
      expect(item.inner, id).toContain(
        `<g:price>${price(view.prices.priceGrosze >= 9_900 ? 0 : 999)}</g:price>`,
      );
    }
    // the sold-out variant on promotion, and the variants' shared group and own options
    const soldOut = googleItem(items, `${kit.fx.products.blanket}-${kit.fx.variants.sPink}`);
    expect(soldOut && [one(soldOut, "g:availability"), one(soldOut, "g:sale_price")]).toEqual([
      "out_of_stock",
      "80.00 PLN",
    ]);
    expect(
      soldOut && [one(soldOut, "g:item_group_id"), one(soldOut, "g:size"), one(soldOut, "g:color")],
    ).toEqual([String(kit.fx.products.blanket), "S", "Różowy"]);
    expect(soldOut && one(soldOut, "link")).toContain(`${OPTION_PARAM_PREFIX}${kit.fx.fields.size}=`);
    expect(soldOut && one(soldOut, "g:product_type")).toBe("Kocyki");
    const promotion = googleItem(items, String(kit.fx.products.simpleSale));
    expect(promotion && [one(promotion, "g:price"), one(promotion, "g:sale_price")]).toEqual([
      "50.00 PLN",
      "40.00 PLN",
    ]);
    // the sale runs today (the shop's promotions have no end date: renewed on every fetch)
    const [from, to] = (promotion ? one(promotion, "g:sale_price_effective_date") : "").split("/");
    expect(Date.parse(from ?? "")).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(to ?? "")).toBeGreaterThan(Date.now());
  });

  it("escapes the title and gives the description as plain text", async () => {
    const { body } = await feed(GOOGLE_FEED_PATH);
    expect(body).toContain("<title>Kocyk &quot;Miś&quot; &amp; &lt;Zając&gt; ]]&gt; dla dzieci</title>");
    const item = googleItem(elements(body, "item"), String(tricky));
    expect(item && [one(item, "title"), one(item, "description")]).toEqual([TRICKY_TITLE, "Ciepły & miękki"]);
  });

  it("dates a sale from today's midnight in Warsaw to a week later, with the offset of each", () => {
    expect(warsawMidnight("2026-07-01")).toBe("2026-07-01T00:00+02:00");
    expect(warsawMidnight("2026-12-01")).toBe("2026-12-01T00:00+01:00");
    expect(saleInterval(new Date("2026-10-24T23:30:00Z"))).toBe(
      "2026-10-25T00:00+02:00/2026-11-01T00:00+01:00",
    );
  });
});

describe("the Ceneo feed", () => {
  it("is <offers> with each offer's price and stock as the product page says, texts as CDATA", async () => {
    const { body } = await feed(CENEO_FEED_PATH);
    expect(await feedSchemaErrors("ceneo-feed.rng", body)).toEqual([]);
    const offers = elements(body, "o");
    // every visible product, pictures or not
    expect(offers).toHaveLength(4 + 4);
    for (const offer of offers) {
      const view = await pageSays(offer.attributes.url ?? "");
      expect(offer.attributes.price, offer.attributes.id).toBe((view.prices.priceGrosze / 100).toFixed(2));
      expect(offer.attributes.stock, offer.attributes.id).toBe(String(view.stock));
      expect(offer.inner, offer.attributes.id).toContain(
        `<a name="Producent"><![CDATA[${kit.config.shopName}]]></a>`,
      );
    }
    const trickyOffer = offers.find((offer) => offer.attributes.id === String(tricky));
    expect(trickyOffer && one(trickyOffer, "name")).toBe(TRICKY_TITLE);
    expect(body).toContain('<name><![CDATA[Kocyk "Miś" & <Zając> ]]]]><![CDATA[> dla dzieci]]></name>');
  });

  it("says Ceneo's avail: days until dispatch from the processing time, 99 when sold out", async () => {
    const avail = Object.fromEntries(
      (await ceneoOffers()).map((offer) => [offer.attributes.id, offer.attributes.avail]),
    );
    const { products: p, variants: v } = kit.fx;
    expect(avail[`${p.blanket}-${v.sWhite}`]).toBe("7"); // in stock, made in 3-6 days
    expect(avail[`${p.blanket}-${v.sPink}`]).toBe("99"); // the sold-out variant
    expect(avail[String(p.simpleSale)]).toBe("3"); // in stock, 1-2 days
    expect(avail[String(p.outOfStock)]).toBe("99");
    expect([
      ceneoAvail({ level: 1, processingTime: "7-9" }),
      ceneoAvail({ level: 3, processingTime: "10-14" }),
    ]).toEqual([14, 14]);
  });
});

describe("both feeds", () => {
  it("never list a hidden product, and drop one as soon as it is hidden", async () => {
    const { hidden, outOfStock } = kit.fx.products;
    for (const path of [GOOGLE_FEED_PATH, CENEO_FEED_PATH]) {
      expect((await feed(path)).body).not.toContain(`/produkt/${hidden}-`);
    }
    await kit.database.db.update(products).set({ isHidden: true }).where(eq(products.id, outOfStock));
    try {
      for (const path of [GOOGLE_FEED_PATH, CENEO_FEED_PATH]) {
        expect((await feed(path)).body).not.toContain(`/produkt/${outOfStock}-`);
      }
    } finally {
      await kit.database.db.update(products).set({ isHidden: false }).where(eq(products.id, outOfStock));
    }
  });

  it("are kept in the response cache until a price or a stock changes (ETag, 304)", async () => {
    const { simpleSale, outOfStock } = kit.fx.products;
    await feed(GOOGLE_FEED_PATH);
    const hit = await feed(GOOGLE_FEED_PATH);
    expect(hit.headers["x-cache"]).toBe("hit");
    const revalidated = await get(GOOGLE_FEED_PATH, { "if-none-match": String(hit.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    await kit.database.db.update(products).set({ priceGrosze: 5_500 }).where(eq(products.id, simpleSale));
    const afterPrice = await feed(GOOGLE_FEED_PATH);
    expect(afterPrice.headers["x-cache"]).toBe("miss");
    expect(afterPrice.headers.etag).not.toBe(hit.headers.etag);
    const promotion = googleItem(elements(afterPrice.body, "item"), String(simpleSale));
    expect(promotion && one(promotion, "g:price")).toBe("55.00 PLN");

    await feed(CENEO_FEED_PATH);
    expect((await feed(CENEO_FEED_PATH)).headers["x-cache"]).toBe("hit");
    // a stock-only change (as an order's): the feeds show that product, so they are dropped
    await kit.database.db.update(products).set({ quantity: 4 }).where(eq(products.id, outOfStock));
    const afterStock = await feed(CENEO_FEED_PATH);
    expect(afterStock.headers["x-cache"]).toBe("miss");
    const offer = elements(afterStock.body, "o").find((o) => o.attributes.id === String(outOfStock));
    expect(offer && [offer.attributes.stock, offer.attributes.avail]).toEqual(["4", "3"]);
  });

  it("read the catalogue a page at a time, the same whatever the page size", async () => {
    const now = () => new Date("2026-11-20T10:00:00Z");
    const options = { publicUrl: kit.config.publicUrl, shopName: kit.config.shopName, now };
    const { catalog } = kit.app.services;
    const onePerPage = createFeedsService(catalog, { ...options, pageSize: 1 });
    const all = createFeedsService(catalog, options);
    expect(await onePerPage.google()).toBe(await all.google());
    expect(await onePerPage.ceneo()).toBe(await all.ceneo());
  });
});

describe("a product's identity (issue 30, ADR 073)", () => {
  it("gives its EAN as gtin, its SKU as mpn and its manufacturer as the brand, in both feeds", async () => {
    await kit.database.db
      .update(products)
      // these columns alone tell the caches (migration 0020's trigger)
      .set({ gtin: "5901234123457", sku: "KOC-MIS-01", manufacturerName: "Pracownia Zając" })
      .where(eq(products.id, tricky));
    const item = googleItem(await googleItems(), String(tricky));
    expect(item && ["g:gtin", "g:mpn", "g:brand"].map((name) => one(item, name))).toEqual([
      "5901234123457",
      "KOC-MIS-01",
      "Pracownia Zając",
    ]);
    expect(item?.children.has("g:identifier_exists")).toBe(false);
    const { body } = await feed(CENEO_FEED_PATH);
    expect(body).toContain('<a name="EAN"><![CDATA[5901234123457]]></a>');
    expect(body).toContain('<a name="Producent"><![CDATA[Pracownia Zając]]></a>');
  });
});
