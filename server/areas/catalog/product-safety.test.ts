import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../domain/types";
import { loader as productPageLoader } from "../../../web/routes/product/product";
import { priceHistory } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { startStaffApi } from "../../test/staff-api";
import { testWebContext } from "../../test/web-context";
import type { StaffProductPage } from "./product-admin.service";

// The product's identity, SEO and safety (GPSR) fields through the staff API (issue 30,
// docs/decisions/073): saved and returned, an invalid EAN and a taken SKU refused as field errors,
// price history untouched, the visible products lacking safety information counted and listed, and
// the product page's loader: the block's data (the seller for the shop's own make) and the SEO overrides.

const kit = kitForFile(startStaffApi);

const SAFETY = {
  manufacturerName: "Tkalnia Nitka sp. z o.o.",
  manufacturerAddress: "ul. Przędzalniana 5\r\n90-001 Łódź",
  manufacturerContact: "kontakt@nitka.example",
  manufacturerOutsideEu: false,
  euRepName: "",
  euRepAddress: "",
  euRepContact: "",
  identifier: "Partia 2026/11",
  warnings: "Nie dla dzieci poniżej 3 lat — małe elementy.\nTrzymać z dala od ognia.",
  care: "Prać w 30°C.",
};

function payload(overrides: Record<string, unknown> = {}) {
  return { title: "Kocyk GPSR", priceGrosze: 9_900, quantity: 2, ...overrides };
}

async function create(body: Record<string, unknown>): Promise<Product> {
  const res = await kit.call("moderator", "POST", "/api/shops/products", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

describe("identity and safety fields", () => {
  it("saves and returns them (the GTIN as digits, line breaks as LF) without touching the price history", async () => {
    const seo = { seoTitle: "Kocyk z bawełny dla niemowląt", seoDescription: "Miękki kocyk uszyty ręcznie." };
    const identity = { weightGrams: 350, lengthMm: 400, widthMm: 300, heightMm: 50, ...seo };
    const product = await create(
      payload({ identity: { ...identity, sku: "  KOC-001 ", gtin: "590 1234 123457" }, safety: SAFETY }),
    );
    expect(product.identity).toEqual({ ...identity, sku: "KOC-001", gtin: "5901234123457" });
    expect(product.safety.manufacturerAddress).toBe("ul. Przędzalniana 5\n90-001 Łódź");
    const publicView = await kit.call("anonymous", "GET", `/api/shops/products/${product._id}`);
    expect(publicView.json<Product>().safety.warnings).toBe(SAFETY.warnings);

    const history = () =>
      kit.database.db
        .select({ n: count() })
        .from(priceHistory)
        .where(eq(priceHistory.productId, product._id));
    const [before] = await history();
    const res = await kit.call(
      "moderator",
      "PUT",
      `/api/shops/products/${product._id}`,
      payload({
        identity: { ...product.identity, sku: "KOC-001" },
        safety: { ...SAFETY, care: "Prać ręcznie." },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Product>().safety.care).toBe("Prać ręcznie.");
    expect(await history()).toEqual([before]);
    expect((await kit.lastAudit("product.update"))?.entityId).toBe(String(product._id));
  });

  it.each([
    ["a wrong EAN check digit", { identity: { gtin: "5901234123458" } }, "identity.gtin", "validation.gtin"],
    ["an EAN of 11 digits", { identity: { gtin: "12345678901" } }, "identity.gtin", "validation.gtin"],
    [
      "an SEO title over 70 characters",
      { identity: { seoTitle: "x".repeat(71) } },
      "identity.seoTitle",
      "validation.maxLength",
    ],
    [
      "warnings over 2,000 characters",
      { safety: { warnings: "x".repeat(2_001) } },
      "safety.warnings",
      "validation.maxLength",
    ],
    [
      "a contact that is no address",
      { safety: { manufacturerContact: "zadzwoń" } },
      "safety.manufacturerContact",
      "validation.contact",
    ],
    ["a weight of 0 g", { identity: { weightGrams: 0 } }, "identity.weightGrams", "validation.minValue"],
  ])("refuses %s with a field error", async (_name, patch, field, key) => {
    const res = await kit.call("moderator", "POST", "/api/shops/products", payload(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toMatchObject({ key });
  });

  it("refuses a SKU another product has, keeps a product's own", async () => {
    const first = await create(payload({ identity: { sku: "SKU-TAKEN" } }));
    const res = await kit.call(
      "moderator",
      "POST",
      "/api/shops/products",
      payload({ identity: { sku: "SKU-TAKEN" } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields["identity.sku"]).toMatchObject({ key: "validation.unique" });
    const again = await kit.call(
      "moderator",
      "PUT",
      `/api/shops/products/${first._id}`,
      payload({ title: "Nowy tytuł", identity: { sku: "SKU-TAKEN" } }),
    );
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("visible products lacking safety information", () => {
  it("are counted and listed (?gpsr=brak); complete or hidden ones are not", async () => {
    const staffList = async (query: string) =>
      (await kit.call("moderator", "GET", `/api/shops/products/staff?${query}`)).json<StaffProductPage>();
    const lacking = await create(payload({ title: "Brak GPSR widoczny" }));
    const hidden = await create(payload({ title: "Brak GPSR ukryty", isHidden: true }));
    const complete = await create(payload({ title: "Pełny GPSR", safety: SAFETY }));
    const bySku = await create(
      payload({ title: "GPSR przez SKU", identity: { sku: "SKU-ID" }, safety: { warnings: "Uwaga." } }),
    );

    const listed = (await staffList("gpsr=brak&szukaj=GPSR")).items.map((row) => row._id);
    expect(listed).toContain(lacking._id);
    expect(listed).not.toContain(hidden._id);
    expect(listed).not.toContain(complete._id);
    expect(listed).not.toContain(bySku._id);
    const all = await staffList("szukaj=GPSR");
    expect(all.items.find((row) => row._id === complete._id)?.safetyComplete).toBe(true);
    expect(all.items.find((row) => row._id === lacking._id)?.safetyComplete).toBe(false);

    const counted = await kit.app.services.productAdmin.countLackingSafetyInfo();
    expect(counted).toBe((await staffList("gpsr=brak")).total);
    // completing the product takes it off the list
    await kit.call("moderator", "PUT", `/api/shops/products/${lacking._id}`, payload({ safety: SAFETY }));
    expect(await kit.app.services.productAdmin.countLackingSafetyInfo()).toBe(counted - 1);
  });
});

describe("the product page", () => {
  const page = (product: Product) =>
    productPageLoader({
      context: testWebContext(kit.app.services),
      request: new Request(`http://localhost/produkt/${product._id}-${product.slug}`),
      params: { idSlug: `${product._id}-${product.slug}` },
    } as never);

  it("names the seller as the maker of the shop's own goods, with the SKU as the identifier", async () => {
    const product = await create(
      payload({
        title: "Rożek własny",
        identity: { sku: "ROZ-7" },
        safety: { warnings: "Uwaga.", care: "30°C" },
      }),
    );
    const { safety, seo } = await page(product);
    expect(safety).toEqual({
      manufacturer: kit.app.services.config.ownManufacturer,
      identifier: "ROZ-7",
      warnings: "Uwaga.",
      care: "30°C",
    });
    // the generated title and description without overrides; the SKU in the structured data
    expect(seo).toContainEqual({ title: expect.stringContaining("Rożek własny |") });
    expect(JSON.stringify(seo)).toContain('"sku":"ROZ-7"');
  });

  it("shows another manufacturer with its responsible person in the EU; the SEO fields override the generated head", async () => {
    const product = await create(
      payload({
        title: "Kocyk importowany",
        identity: {
          gtin: "4006381333931",
          weightGrams: 420,
          seoTitle: "Kocyk z Anglii – wełna merino",
          seoDescription: "Ciepły kocyk z wełny.",
        },
        safety: {
          ...SAFETY,
          manufacturerName: "Weaver Ltd",
          manufacturerOutsideEu: true,
          euRepName: "EU Rep GmbH",
          euRepAddress: "Hauptstraße 1, 10115 Berlin",
          euRepContact: "https://eurep.example",
        },
      }),
    );
    const { safety, seo } = await page(product);
    expect(safety.manufacturer.name).toBe("Weaver Ltd");
    expect(safety.euResponsible).toEqual({
      name: "EU Rep GmbH",
      address: "Hauptstraße 1, 10115 Berlin",
      contact: "https://eurep.example",
    });
    expect(seo).toContainEqual({ title: "Kocyk z Anglii – wełna merino" });
    expect(seo).toContainEqual({ name: "description", content: "Ciepły kocyk z wełny." });
    const productLd = seo.flatMap((tag) =>
      "script:ld+json" in tag && (tag["script:ld+json"] as { "@type"?: string })["@type"] === "Product"
        ? [tag["script:ld+json"]]
        : [],
    )[0];
    expect(productLd).toMatchObject({
      gtin: "4006381333931",
      sku: String(product._id),
      weight: { "@type": "QuantitativeValue", value: 420, unitCode: "GRM" },
      description: "Ciepły kocyk z wełny.",
    });
  });
});
