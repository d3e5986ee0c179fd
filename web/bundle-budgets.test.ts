import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChunkReport } from "../scripts/bundle-report-plugin";
import { recordFigure } from "../server/test/figures";

// Budgets from the build output (issue 8, docs/decisions/021-bundle-budgets.md): what a storefront
// page loads before it is interactive stays within 130 kB of gzip JavaScript and 30 kB of gzip CSS,
// and never contains a module of the staff area. First load = the entry and its imports, the
// chunks the entry imports itself before hydrating (one language's texts), every route of the
// page's chain from the root down with its imports, and the texts of an area (auth, orders) whose
// loader (web/lib/<area>-texts.ts, a top-level await) one of those files holds. `npm test` builds first.

const CLIENT = path.resolve("build", "client");
const SERVER_BUILD = path.resolve("build", "server", "index.js");
const BUNDLE_REPORT = path.resolve("build", "bundle-modules.json");
const JS_BUDGET_BYTES = 130 * 1024;
const CSS_BUDGET_BYTES = 30 * 1024;
const STAFF_MODULE = /^web\/(routes\/staff\/|components\/staff\/|lib\/staff[^/]*$)/;
/** the browser's text catalogs (domain/i18n/texts.ts): the shop's per language; staff and mail never on a storefront page */
const SHOP_TEXTS = /^domain\/i18n\/shop-(pl|en)\.ts$/;
const OTHER_TEXTS = /^domain\/i18n\/(staff|mail)-(pl|en)\.ts$|^domain\/i18n\/(pl|en|index)\.ts$/;
const LANGS = ["pl", "en"] as const;
/**
 * The shop's text areas that load with the modules using them (web/lib/<area>-texts.ts): every
 * domain/i18n/<area>-pl.ts besides the shop's, the staff's and the e-mails' (read from the folder, so
 * a new area counts at once).
 */
const MODULE_TEXT_AREAS = fs
  .readdirSync(path.resolve("domain", "i18n"))
  .map((file) => /^([\w-]+)-pl\.ts$/.exec(file)?.[1])
  .filter((area): area is string => area !== undefined && !["shop", "staff", "mail"].includes(area));
const AREA_TEXTS = new RegExp(`^domain/i18n/(${MODULE_TEXT_AREAS.join("|")})-(pl|en)\\.ts$`);

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport: boolean;
}
interface Manifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
}
interface Build {
  manifest: Manifest;
  /** the route manifest file, when the browser fetches it at start (route discovery "initial") */
  manifestFile: string | null;
  chunks: Record<string, ChunkReport>;
}

function readBuild(): Build {
  const assets = path.join(CLIENT, "assets");
  const file = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))
    : undefined;
  if (!file || !fs.existsSync(BUNDLE_REPORT) || !fs.existsSync(SERVER_BUILD)) {
    throw new Error("no build output in build/: run npm run build first (npm test does)");
  }
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest: Manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  // with lazy route discovery (React Router's default) the page inlines the routes it matched and
  // the browser never fetches the whole manifest file at start
  const discovery = /var routeDiscovery = \{\s*"mode":\s*"(\w+)"/.exec(fs.readFileSync(SERVER_BUILD, "utf8"));
  return {
    manifest,
    manifestFile: discovery?.[1] === "lazy" ? null : `assets/${file}`,
    chunks: JSON.parse(fs.readFileSync(BUNDLE_REPORT, "utf8")),
  };
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(CLIENT, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

function chain(manifest: Manifest, id: string): ManifestRoute[] {
  const route = manifest.routes[id];
  if (!route) return [];
  return [...(route.parentId ? chain(manifest, route.parentId) : []), route];
}

/** Page routes (with a component) outside the staff area: the storefront and the customer's account. */
function storefrontRoutes(manifest: Manifest): ManifestRoute[] {
  return Object.values(manifest.routes).filter(
    (route) =>
      route.id !== "root" &&
      route.hasDefaultExport &&
      chain(manifest, route.id).every((r) => !STAFF_MODULE.test(`web/${r.id}`) && !r.id.startsWith("staff-")),
  );
}

/** The files (relative to build/client) of a page's first load in one language. */
function firstLoad(build: Build, routeId: string, lang: (typeof LANGS)[number]): string[] {
  const { manifest, chunks } = build;
  const files = new Set<string>();
  const add = (url: string) => {
    const file = url.replace(/^\//, "");
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks[file]?.imports ?? []) add(imported);
  };
  if (build.manifestFile) add(build.manifestFile);
  add(manifest.entry.module);
  for (const url of manifest.entry.imports) add(url);
  // web/entry.client.tsx imports the page language's shop texts before it hydrates
  const texts = Object.entries(chunks).find(([, c]) =>
    c.modules.some((m) => m.id === `domain/i18n/shop-${lang}.ts`),
  );
  if (texts) add(texts[0]);
  for (const route of chain(manifest, routeId)) {
    add(route.module);
    for (const url of route.imports ?? []) add(url);
  }
  // a module importing web/lib/<area>-texts.ts waits (top-level await) for that area's texts
  const modules = new Set([...files].flatMap((f) => chunks[f]?.modules.map((m) => m.id) ?? []));
  for (const area of MODULE_TEXT_AREAS) {
    if (!modules.has(`web/lib/${area}-texts.ts`)) continue;
    const areaTexts = Object.entries(chunks).find(([, c]) =>
      c.modules.some((m) => m.id === `domain/i18n/${area}-${lang}.ts`),
    );
    if (areaTexts) add(areaTexts[0]);
  }
  return [...files];
}

/** The biggest contributors: each file's gzip bytes shared among its modules by their own gzip size. */
function topContributors(build: Build, files: string[], count = 6): string {
  const bytes = new Map<string, number>();
  for (const file of files) {
    const modules = build.chunks[file]?.modules ?? [];
    const total = modules.reduce((sum, m) => sum + m.gzip, 0);
    for (const m of modules) {
      const name = m.id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? m.id;
      bytes.set(name, (bytes.get(name) ?? 0) + (total > 0 ? (gzipSize(file) * m.gzip) / total : 0));
    }
  }
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${kB(size)}`)
    .join(", ");
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

describe("first-load budgets of the storefront (from the build output)", () => {
  let build: Build;
  let routes: ManifestRoute[];
  beforeAll(() => {
    build = readBuild();
    routes = storefrontRoutes(build.manifest);
  });

  it("checks every storefront and account page, and no staff page", () => {
    const ids = routes.map((r) => r.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        "routes/content/home",
        "routes/products/products",
        "routes/product/product",
        "routes/cart/cart",
        "routes/checkout/checkout",
        "routes/content/blog-article",
        "routes/content/static-page",
        "routes/auth/login",
        "routes/order/order-result",
        "routes/account/overview",
      ]),
    );
    expect(ids.filter((id) => id.includes("staff"))).toEqual([]);
    // resource routes (no component) are not pages
    expect(ids).not.toContain("routes/sitemap");
  });

  it("every storefront page loads at most 130 kB of gzip JavaScript before it is interactive", () => {
    const sizes = routes.flatMap((route) =>
      LANGS.map((lang) => {
        const files = firstLoad(build, route.id, lang);
        return {
          route: route.id,
          id: `${route.id} (${lang})`,
          files,
          bytes: files.reduce((sum, f) => sum + gzipSize(f), 0),
        };
      }),
    );
    // one figure per page: its heavier language
    for (const route of routes) {
      const [pl, en] = LANGS.map((lang) => sizes.find((s) => s.id === `${route.id} (${lang})`)?.bytes ?? 0);
      const bytes = Math.max(pl ?? 0, en ?? 0);
      recordFigure({
        suite: "budgets",
        tried: `first-load JS of ${route.id} (gzip)`,
        result: `${kB(bytes)} (pl ${kB(pl ?? 0)}, en ${kB(en ?? 0)}); budget 130 kB`,
        held: bytes <= JS_BUDGET_BYTES,
      });
    }
    const over = sizes
      .filter((s) => s.bytes > JS_BUDGET_BYTES)
      .map((s) => `${s.id}: ${kB(s.bytes)} > 130 kB; biggest: ${topContributors(build, s.files)}`);
    expect(over).toEqual([]);
  });

  it("a page loads one language's shop texts and never the staff or mail texts", () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const lang of LANGS) {
        const modules = firstLoad(build, route.id, lang).flatMap((f) => build.chunks[f]?.modules ?? []);
        const texts = modules.filter((m) => SHOP_TEXTS.test(m.id)).map((m) => m.id);
        const others = modules
          .filter((m) => OTHER_TEXTS.test(m.id) || (AREA_TEXTS.test(m.id) && !m.id.endsWith(`-${lang}.ts`)))
          .map((m) => m.id);
        if (texts.join() !== `domain/i18n/shop-${lang}.ts` || others.length > 0) {
          wrong.push(`${route.id} (${lang}): ${[...texts, ...others].join(", ") || "no texts"}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the texts of an area load with its pages only (and count in their first load)", () => {
    const areasOf = (routeId: string) =>
      firstLoad(build, routeId, "pl")
        .flatMap((f) => build.chunks[f]?.modules ?? [])
        .map((m) => AREA_TEXTS.exec(m.id)?.[1])
        .filter((area) => area !== undefined)
        .sort();
    expect(MODULE_TEXT_AREAS).toEqual(
      expect.arrayContaining(["auth", "orders", "product", "products", "cart", "checkout", "content"]),
    );
    for (const area of MODULE_TEXT_AREAS) {
      expect(fs.existsSync(path.resolve("web", "lib", `${area}-texts.ts`)), `web/lib/${area}-texts.ts`).toBe(
        true,
      );
    }
    expect(areasOf("routes/auth/login")).toEqual(["auth"]);
    expect(areasOf("routes/account/orders")).toEqual(["orders"]);
    // the pickup point (with the order texts) loads later, with the parcel-locker delivery
    expect(areasOf("routes/checkout/checkout")).toEqual(["checkout"]);
    expect(areasOf("routes/cart/cart")).toEqual(["cart"]);
    expect(areasOf("routes/product/product")).toEqual(["product"]);
    expect(areasOf("routes/products/products")).toEqual(["products"]);
    expect(areasOf("routes/content/blog-article")).toEqual(["content"]);
    expect(areasOf("routes/content/home")).toEqual([]);
  });

  it("the browser build holds one copy of React Router, its production build", () => {
    const files = Object.values(build.chunks)
      .flatMap((c) => c.modules.map((m) => m.id))
      .filter((id) => id.includes("node_modules/react-router/"))
      .map((id) => id.slice(id.indexOf("node_modules/react-router/")));
    // the dev build has the same files under dist/development (vite.config.ts swaps them)
    expect(files.filter((id) => !id.startsWith("node_modules/react-router/dist/production/"))).toEqual([]);
    expect(files.some((id) => id.endsWith("/dom-export.mjs"))).toBe(true);
    expect(new Set(files.map((id) => id.replace(/.*\//, ""))).size).toBe(files.length);
  });

  it("no chunk carries Vite's preload helper (import() is a plain call)", () => {
    const withHelper = Object.keys(build.chunks).filter((file) =>
      fs.readFileSync(path.join(CLIENT, file), "utf8").includes("vite:preloadError"),
    );
    expect(withHelper).toEqual([]);
    // the replacement is in the shell, so the check above looks at the right output
    expect(
      Object.values(build.chunks).some((c) => c.modules.some((m) => m.id.includes("preload-helper"))),
    ).toBe(true);
  });

  it("the CSS a page can load is at most 30 kB gzip", () => {
    const stylesheets = fs.readdirSync(path.join(CLIENT, "assets")).filter((f) => f.endsWith(".css"));
    const total = stylesheets.reduce((sum, file) => sum + gzipSize(`assets/${file}`), 0);
    recordFigure({
      suite: "budgets",
      tried: `all CSS of the build (${stylesheets.length} file(s), gzip)`,
      result: `${kB(total)} (budget 30 kB)`,
      held: total <= CSS_BUDGET_BYTES,
    });
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(total, stylesheets.join(", ")).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
  });

  it("no storefront page loads a module of the staff area", () => {
    // the report knows the staff modules at all (so the check below can fail)
    const staffChunks = Object.values(build.chunks).filter((c) =>
      c.modules.some((m) => STAFF_MODULE.test(m.id)),
    );
    expect(staffChunks.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const route of routes) {
      for (const lang of LANGS) {
        for (const file of firstLoad(build, route.id, lang)) {
          const staff = (build.chunks[file]?.modules ?? []).filter((m) => STAFF_MODULE.test(m.id));
          if (staff.length > 0) leaks.push(`${route.id} → ${file}: ${staff.map((m) => m.id).join(", ")}`);
        }
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });
});
