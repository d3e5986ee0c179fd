import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { isPhone } from "./storefront";

// Helpers for the product list (/produkty) specs: a shopper's view of the list, and the API's
// answer for the same query to compare with.

export interface ListPage {
  items: { _id: number; title: string; thumbnail: { priceGrosze: number; totalQuantity: number } }[];
  total: number;
  page: number;
  pageSize: number;
}

/** The list endpoint's page for a query string ("kategoria=3&premium=tak"). */
export async function apiList(request: APIRequestContext, query: string): Promise<ListPage> {
  const response = await request.get(`/api/shops/products?${query || "strona=1"}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListPage;
}

/** The query of the page's address, without the leading "?". */
export function currentQuery(page: Page): string {
  return new URL(page.url()).search.slice(1);
}

/** Decides the cookie notice beforehand (rejected), so it covers nothing of the list. */
export async function rejectCookies(page: Page, baseURL: string | undefined): Promise<void> {
  await page.context().addCookies([{ name: "cookieConsent", value: "0", url: baseURL ?? "" }]);
}

/**
 * Waits until the list is interactive: its effects have run, so the sort form's no-JavaScript button is
 * gone (a later moment than the first commit e2e/support/test.ts waitForHydrated waits for).
 */
export async function waitForListReady(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "Sortuj", exact: true })).toBeHidden();
}

/** The filter panels: the sidebar on a desktop, the "Filtry" disclosure (opened here) on a phone. */
export async function openFilters(page: Page): Promise<void> {
  if (!isPhone(page)) return;
  const categories = page.getByRole("navigation", { name: "Kategorie" });
  if (await categories.isVisible()) return;
  await page.getByText("Filtry", { exact: true }).click();
  await expect(categories).toBeVisible();
}

/** The product cards of the list. */
export function productCards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

export async function cardTitles(page: Page): Promise<string[]> {
  return (await productCards(page).getByRole("heading", { level: 3 }).allInnerTexts()).map((title) =>
    title.trim(),
  );
}

/** The current price of every card, in grosze (the first price on the card; the struck one follows). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).allInnerTexts();
  return texts.map((text) => {
    const match = /(\d+),(\d{2}) zł/.exec(text);
    if (!match) throw new Error(`no price on the card: ${text}`);
    return Number(match[1]) * 100 + Number(match[2]);
  });
}

/** "Liczba produktów: N" */
export function productCount(page: Page, count: number) {
  return page.getByRole("status").filter({ hasText: `Liczba produktów: ${count}` });
}

export function isSorted(values: readonly number[], direction: "asc" | "desc"): boolean {
  return values.every((value, index) => {
    const previous = values[index - 1];
    if (previous === undefined) return true;
    return direction === "asc" ? previous <= value : previous >= value;
  });
}
