import { describe, expect, it } from "vitest";
import { demoProductWithRelated, startBuiltShop } from "../test/built-shop";
import { recordFigure } from "../test/figures";
import { kitForFile } from "../test/kit-for-file";

// What a storefront page weighs when the server renders it for an anonymous visitor (the built app,
// the demo shop). A product page that misses the response cache costs CPU in proportion to what
// React renders and what React Router encodes for hydration (docs/performance.md, where a miss's
// CPU goes), and a phone parses and hydrates the same again. So each page's elements and its
// hydration data have a budget at their improved figure, and a change that puts hidden markup or
// unused data back into every page fails here. Counted from the HTML, not timed.

/**
 * The demo shop's figures of 2026-11-26 with a little room (a label or two), after the closed
 * mega-menu stopped rendering its links and the root loader's categories lost the fields no page
 * uses. Before: home 764 elements and 21,758 B, list 614 and 17,691 B (now 732 / 20,945 and
 * 582 / 16,864; the product page 317 / 9,361). The bench's 42-category catalog saves more: its
 * product page went from 258 to 196 elements.
 */
const BUDGET = {
  home: { elements: 750, hydrationBytes: 21_500 },
  list: { elements: 600, hydrationBytes: 17_300 },
  // the product page's head (tags and JSON-LD) is built by its loader and travels in the page data
  // (ADR 044): ~2 kB more data here, 1.7 kB (gzip) less JavaScript on its first load; the demo
  // products' SKUs (issue 30) add the JSON-LD's "sku" and the safety block's identifier
  product: { elements: 330, hydrationBytes: 12_100 },
} as const;

const shop = kitForFile(() => startBuiltShop({ name: "page-weight" }), 120_000);

interface Weight {
  /** opening tags inside <body> */
  elements: number;
  /** the loader data React Router streams into the page for hydration (its enqueue scripts) */
  hydrationBytes: number;
  html: string;
}

async function weigh(url: string): Promise<Weight> {
  const res = await shop.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const html = res.body;
  const body = html.slice(html.indexOf("<body"));
  const hydration = [
    ...html.matchAll(
      /<script[^>]*>(window\.__reactRouterContext\.streamController\.enqueue\([\s\S]*?)<\/script>/g,
    ),
  ];
  expect(hydration.length, `${url}: no hydration data`).toBeGreaterThan(0);
  return {
    elements: body.match(/<[a-zA-Z]/g)?.length ?? 0,
    hydrationBytes: hydration.reduce((sum, match) => sum + Buffer.byteLength(match[1] ?? ""), 0),
    html,
  };
}

function withinBudget(page: string, weight: Weight, budget: { elements: number; hydrationBytes: number }) {
  const held = weight.elements <= budget.elements && weight.hydrationBytes <= budget.hydrationBytes;
  recordFigure({
    suite: "page weight",
    tried: `GET ${page}, anonymous`,
    result: `${weight.elements} elements (budget ${budget.elements}), hydration data ${weight.hydrationBytes} B (budget ${budget.hydrationBytes})`,
    held,
  });
  expect(weight.elements, `${page}: elements`).toBeLessThanOrEqual(budget.elements);
  expect(weight.hydrationBytes, `${page}: hydration data bytes`).toBeLessThanOrEqual(budget.hydrationBytes);
}

/** The main menu's part of the page: the desktop mega-menu's button and its (closed) panel. */
function mainMenu(html: string): string {
  const start = html.indexOf('<nav aria-label="Menu główne"');
  expect(start, "the main menu is on the page").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</nav>", start));
}

describe("storefront pages as rendered for an anonymous visitor", () => {
  it("the home page stays within its budget", async () => {
    withinBudget("/", await weigh("/"), BUDGET.home);
  });

  it("the product list stays within its budget, and still links every category in its tree", async () => {
    const weight = await weigh("/produkty");
    // the category tree of the list is where crawlers (and shoppers without the menu) find categories
    expect(new Set(weight.html.match(/href="\/produkty\?kategoria=\d+"/g)).size).toBeGreaterThan(10);
    withinBudget("/produkty", weight, BUDGET.list);
  });

  it("the product page stays within its budget, with its closed mega-menu holding no links", async () => {
    const product = await demoProductWithRelated(shop.database);
    const weight = await weigh(`/produkt/${product.id}-${product.slug}`);
    // the related products are on the page (it was weighed whole)
    expect(weight.html.match(/href="\/produkt\/\d+-/g)?.length ?? 0).toBeGreaterThan(1);
    const menu = mainMenu(weight.html);
    expect(menu).toContain('aria-expanded="false"');
    expect(menu).not.toContain("/produkty?kategoria=");
    withinBudget(`/produkt/${product.id}-${product.slug}`, weight, BUDGET.product);
  });
});
