import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { enAfterSale } from "./after-sale-en";
import { plAfterSale } from "./after-sale-pl";
import { enAuth } from "./auth-en";
import { plAuth } from "./auth-pl";
import { enCart } from "./cart-en";
import { plCart } from "./cart-pl";
import { enCheckout } from "./checkout-en";
import { plCheckout } from "./checkout-pl";
import { enContent } from "./content-en";
import { plContent } from "./content-pl";
import { enMail } from "./mail-en";
import { plMail } from "./mail-pl";
import { enOrders } from "./orders-en";
import { plOrders } from "./orders-pl";
import { enProduct } from "./product-en";
import { plProduct } from "./product-pl";
import { enProducts } from "./products-en";
import { plProducts } from "./products-pl";
import { enShop } from "./shop-en";
import { plShop } from "./shop-pl";
import { enStaff } from "./staff-en";
import { plStaff } from "./staff-pl";

// The browser loads texts per area (docs/decisions/021-bundle-budgets.md): every page outside the
// staff area has the shop texts, so its code must never use a staff or mail key; the auth and
// orders texts load with the modules that import web/lib/{auth,orders}-texts.ts, so a module using
// one of their keys must import that file.

const STAFF_CODE = /^web\/(routes\/staff\/|components\/staff\/|lib\/staff[^/]*$)/;

/** The shop's areas that load with the modules using them: keys and the file such a module imports. */
const moduleArea = (name: string, texts: object) => ({
  name,
  keys: new Set(Object.keys(texts)),
  loader: new RegExp(`import "(\\.\\.?/)+lib/${name}-texts";`),
});
const MODULE_AREAS = [
  moduleArea("auth", plAuth),
  moduleArea("orders", plOrders),
  moduleArea("product", plProduct),
  moduleArea("products", plProducts),
  moduleArea("cart", plCart),
  moduleArea("checkout", plCheckout),
  moduleArea("content", plContent),
  moduleArea("after-sale", plAfterSale),
];

const KEY_LITERAL = /["'`]([a-zA-Z]+\.[\w./-]+)["'`]/g;

/** Browser modules outside the staff area (no tests, no server-only modules), relative to the project. */
function shopBrowserFiles(): { file: string; source: string }[] {
  return sourceFiles("web")
    .map((file) => path.relative(".", file).split(path.sep).join("/"))
    .filter((file) => !STAFF_CODE.test(file) && !file.endsWith(".server.ts"))
    .map((file) => ({ file, source: fs.readFileSync(file, "utf8") }));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("text areas", () => {
  it("split the catalog without overlap, with the same keys in both languages per area", () => {
    for (const [pl, en] of [
      [plShop, enShop],
      [plStaff, enStaff],
      [plMail, enMail],
      [plAuth, enAuth],
      [plOrders, enOrders],
      [plProduct, enProduct],
      [plProducts, enProducts],
      [plCart, enCart],
      [plCheckout, enCheckout],
      [plContent, enContent],
      [plAfterSale, enAfterSale],
    ] as const) {
      expect(Object.keys(en).sort()).toEqual(Object.keys(pl).sort());
    }
    const keys = [
      plShop,
      plAuth,
      plOrders,
      plProduct,
      plProducts,
      plCart,
      plCheckout,
      plContent,
      plAfterSale,
      plStaff,
      plMail,
    ].flatMap((area) => Object.keys(area));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the browser code outside the staff area uses no staff or mail key", () => {
    const notShop = new Set([...Object.keys(plStaff), ...Object.keys(plMail)]);
    const found: string[] = [];
    for (const file of sourceFiles("web")) {
      const relative = path.relative(".", file).split(path.sep).join("/");
      if (STAFF_CODE.test(relative) || relative.endsWith(".server.ts")) continue;
      const source = fs.readFileSync(file, "utf8");
      for (const [, key] of source.matchAll(/["'`]([a-zA-Z]+\.[\w./-]+)["'`]/g)) {
        if (key && notShop.has(key)) found.push(`${relative}: ${key}`);
      }
      // a key built at run time from a staff or mail prefix
      for (const [match] of source.matchAll(/`(staff\.(?!segment\.)|email\.)[^`]*\$\{/g)) {
        found.push(`${relative}: ${match}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("a browser module using a key of an area loaded per page imports that area's texts", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { file, source } of shopBrowserFiles()) {
      for (const area of MODULE_AREAS) {
        const used = [...source.matchAll(KEY_LITERAL)]
          .map(([, key]) => key)
          .filter((key) => area.keys.has(key ?? ""));
        if (used.length === 0) continue;
        checked++;
        if (!area.loader.test(source)) missing.push(`${file}: ${area.name} (${used[0]})`);
      }
    }
    expect(missing).toEqual([]);
    // the areas are in use (login, the account pages…), so the check is not vacuous
    expect(checked).toBeGreaterThan(10);
  });
});
