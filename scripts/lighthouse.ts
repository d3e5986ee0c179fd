import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { requireBuild, startShop } from "./bench/processes";
import { machine, stamp, table, writeResults } from "./bench/report";

// `npm run lighthouse`: the built shop with the demo data (a fresh DATA_DIR), audited by Lighthouse
// with the system Chromium (never a downloaded browser) and Lighthouse's default config, which is the
// mobile preset (Moto G power class device, simulated slow 4G, 4× CPU slowdown). Each page is audited
// LIGHTHOUSE_RUNS times (default 5); every score and metric printed is the median of its runs. The
// audits below 100 in accessibility, best practices and SEO are listed with the elements they name.

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 5);
/** a subset of the pages by name ("home,product"), while exploring; all five by default */
const ONLY_PAGES = (process.env.LIGHTHOUSE_PAGES ?? "")
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
/** a folder for every run's full Lighthouse report (LCP element and phases, requests), off by default */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS || null;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 2_000,
  tbtMs: 100,
  cls: 0.05,
};

interface Page {
  name: string;
  path: string;
  /** a Cookie header sent with every request of the page (the cart page needs a cart) */
  cookie?: string;
}

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
}

interface Finding {
  category: string;
  audit: string;
  title: string;
  score: number | null;
  /** the elements or URLs the audit names (first few) */
  items: string[];
  /** in how many of the runs it failed */
  runs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function figuresOf(lhr: Result): RunFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
    fcpMs: Math.round(numeric("first-contentful-paint")),
    speedIndexMs: Math.round(numeric("speed-index")),
  };
}

function itemText(item: Record<string, unknown>): string {
  // an element is named in `node` (most audits) or `source` (is-crawlable's robots meta)
  const node = (item.node ?? item.source) as { selector?: string; snippet?: string } | undefined;
  if (node?.selector) return `${node.selector} ${node.snippet ?? ""}`.trim().slice(0, 200);
  const url = item.url ?? item.source;
  if (typeof url === "string") return url;
  if (url && typeof url === "object" && "url" in url) return String((url as { url: unknown }).url);
  return JSON.stringify(item).slice(0, 200);
}

/** Audits that lower a non-performance category (score below 1), and performance opportunities. */
function findingsOf(lhr: Result): Omit<Finding, "runs">[] {
  const findings: Omit<Finding, "runs">[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === "informative" || audit.scoreDisplayMode === "notApplicable") continue;
      if (category === "performance" && ref.weight === 0 && audit.score >= 0.9) continue;
      const details = audit.details as { items?: unknown } | undefined;
      const items = Array.isArray(details?.items) ? (details.items as Record<string, unknown>[]) : [];
      findings.push({
        category,
        audit: audit.id,
        title: audit.title,
        score: audit.score,
        items: items.slice(0, 5).map(itemText),
      });
    }
  }
  return findings;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** The pages: home, list, a product with images, the cart holding that product, a blog post. */
async function pagesOf(baseUrl: string): Promise<Page[]> {
  const products = await json<
    {
      _id: number;
      slug: string;
      quantity: number;
      isHidden?: boolean;
      variants: unknown[];
      images?: unknown[];
    }[]
  >(`${baseUrl}/api/shops/products`);
  const product = products.find(
    (p) => !p.isHidden && p.variants.length === 0 && p.quantity > 0 && (p.images?.length ?? 0) > 0,
  );
  const articles = await json<{ _id: number; slug: string }[]>(`${baseUrl}/api/blogs`);
  const article = articles[0];
  if (!product || !article) throw new Error("the demo shop has no product in stock or no blog article");
  const cart = JSON.stringify([{ productId: product._id, variantId: null, variantKeys: {}, quantity: 1 }]);
  return [
    { name: "home", path: "/" },
    { name: "list", path: "/produkty" },
    { name: "product", path: `/produkt/${product._id}-${product.slug}` },
    { name: "cart", path: "/koszyk", cookie: `cart=${encodeURIComponent(cart)}` },
    { name: "blog post", path: `/blog/${article._id}-${article.slug}` },
  ];
}

async function main(): Promise<void> {
  requireBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lighthouse-"));
  const started = new Date();
  const host = machine();
  console.log(
    `Lighthouse ${RUNS}× per page, mobile preset, ${CHROMIUM}; ${host.cpus} × ${host.cpuModel}, ` +
      `a page fault (first write to a 4 KiB page) ${host.memoryFirstTouchUsPerPage} µs; ` +
      `starting the shop (demo data in ${dataDir})…`,
  );
  const shop = await startShop({ dataDir, databaseUrl: null, responseCache: "on", logDir: dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  const results = [];
  try {
    const pages = (await pagesOf(shop.url)).filter(
      (page) => ONLY_PAGES.length === 0 || ONLY_PAGES.includes(page.name),
    );
    if (REPORTS_DIR) fs.mkdirSync(REPORTS_DIR, { recursive: true });
    for (const page of pages) {
      const url = `${shop.url}${page.path}`;
      const runs: RunFigures[] = [];
      const findings = new Map<string, Finding>();
      for (let run = 0, failures = 0; run < RUNS; ) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) {
          // Lighthouse's own trace recording fails now and then (NO_NAVSTART): such a run has no
          // figures; it is run again, at most twice per page
          failures += 1;
          if (failures > 2) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
          process.stdout.write("×");
          continue;
        }
        run += 1;
        runs.push(figuresOf(result.lhr));
        if (REPORTS_DIR) {
          const file = path.join(REPORTS_DIR, `${page.name.replace(/\W+/g, "-")}-${run}.json`);
          fs.writeFileSync(file, JSON.stringify(result.lhr));
        }
        for (const finding of findingsOf(result.lhr)) {
          const key = `${finding.category}/${finding.audit}`;
          const seen = findings.get(key);
          findings.set(key, { ...finding, runs: (seen?.runs ?? 0) + 1 });
        }
        process.stdout.write(".");
      }
      const medians = {
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
        ) as RunFigures["scores"],
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        speedIndexMs: median(runs.map((r) => r.speedIndexMs)),
      };
      results.push({ ...page, medians, runs, findings: [...findings.values()] });
      console.log(` ${page.name}`);
    }
  } finally {
    await chrome.kill();
    await shop.stop();
  }

  const met = (value: number, ok: boolean) => `${value}${ok ? "" : " ✗"}`;
  console.log(
    `\nMedians of ${RUNS} runs (✗ = target missed; targets: performance ≥ ${TARGETS.performance}, others 100, LCP ≤ ${TARGETS.lcpMs} ms, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}):`,
  );
  console.log(
    table(
      ["page", "performance", "accessibility", "best practices", "SEO", "LCP ms", "TBT ms", "CLS", "FCP ms"],
      results.map(({ name, medians: m }) => [
        name,
        met(m.scores.performance, m.scores.performance >= TARGETS.performance),
        met(m.scores.accessibility, m.scores.accessibility >= TARGETS.accessibility),
        met(m.scores["best-practices"], m.scores["best-practices"] >= TARGETS["best-practices"]),
        met(m.scores.seo, m.scores.seo >= TARGETS.seo),
        met(m.lcpMs, m.lcpMs <= TARGETS.lcpMs),
        met(m.tbtMs, m.tbtMs <= TARGETS.tbtMs),
        met(m.cls, m.cls <= TARGETS.cls),
        m.fcpMs,
      ]),
    ),
  );
  for (const { name, findings } of results) {
    if (findings.length === 0) continue;
    const performance = findings.filter((f) => f.category === "performance").map((f) => f.audit);
    console.log(`\n${name}: performance audits below 100 (details in the JSON): ${performance.join(", ")}`);
    for (const f of findings.filter((f) => f.category !== "performance")) {
      console.log(`  [${f.category}] ${f.audit} (${f.title}), score ${f.score}, in ${f.runs}/${RUNS} runs`);
      for (const item of f.items) console.log(`      ${item}`);
    }
  }
  const file = writeResults(`lighthouse-${stamp(started)}`, {
    date: started.toISOString(),
    machine: host,
    chromium: CHROMIUM,
    runsPerPage: RUNS,
    targets: TARGETS,
    pages: results,
  });
  console.log(`\n→ ${file}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
