import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { type ApiProduct, type Field, productUrl } from "./catalog-api";
import { waitForHydrated } from "./test";

// A shopper's steps through the purchase: products into the cart, the cart's coupon, the checkout
// form (/dostawa-i-platnosc), the demo bank page and the result page. Role-based locators and the
// spec's Polish texts only.

export interface Address {
  name: string;
  email?: string;
  phone: string;
  street: string;
  postCode: string;
  city: string;
}

export const GUEST_ADDRESS: Omit<Address, "email"> = {
  name: "Anna Kowalska",
  phone: "601 234 567",
  street: "Długa 5/2",
  postCode: "30-001",
  city: "Kraków",
};

/** The cookie notice is decided, so it does not cover the page on a phone. */
export async function decideCookies(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: "cookieConsent", value: "0", url: baseURL ?? "" }]);
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
  return (await response.json()) as T;
}

interface ProductWithStock extends ApiProduct {
  quantity: number;
  isHidden?: boolean;
}

export interface ProductToBuy {
  url: string;
  title: string;
  /** option titles to choose, per field title (empty without variants) */
  options: { field: string; option: string }[];
}

/** A product to buy with the same choice as a cart line of the orders API (e2e/support/orders-api.ts). */
export interface ProductToOrder extends ProductToBuy {
  cartLine: { productId: number; variantId: number | null; variantKeys: Record<string, number> };
}

/**
 * Products to buy from the seeded shop, picked by what they are (never by id): `simple` without
 * variants, `variant` with a variant in stock (the one with the most units). Plenty of stock, so
 * every test of both projects can buy them.
 */
export async function productsToBuy(
  request: APIRequestContext,
): Promise<{ simple: ProductToOrder; variant: ProductToOrder }> {
  const [products, fields] = await Promise.all([
    json<ProductWithStock[]>(request, "/api/shops/products"),
    json<Field[]>(request, "/api/shops/fields"),
  ]);
  const fieldById = new Map(fields.map((field) => [field._id, field]));
  const visible = products.filter((product) => !product.isHidden);
  const simple = visible.find((product) => product.variants.length === 0 && product.quantity >= 15);
  let variant: ProductToOrder | null = null;
  for (const product of visible) {
    const best = [...product.variants].sort((a, b) => b.quantity - a.quantity)[0];
    if (!best || best.quantity < 6) continue;
    const options = Object.entries(best.fields).map(([fieldId, optionId]) => {
      const field = fieldById.get(Number(fieldId));
      const option = field?.options.find((candidate) => candidate._id === optionId);
      if (!field || !option) throw new Error(`unknown option ${fieldId}:${optionId}`);
      return { field: field.title, option: option.title };
    });
    variant = {
      url: productUrl(product),
      title: product.title,
      options,
      cartLine: { productId: product._id, variantId: best._id, variantKeys: best.fields },
    };
    break;
  }
  if (!simple || !variant) throw new Error("no products with enough stock in the seeded shop");
  return {
    simple: {
      url: productUrl(simple),
      title: simple.title,
      options: [],
      cartLine: { productId: simple._id, variantId: null, variantKeys: {} },
    },
    variant,
  };
}

/** Opens the product, picks its options and adds it to the cart (the side cart opens; it is closed again). */
export async function addToCart(page: Page, product: ProductToBuy): Promise<void> {
  await page.goto(product.url);
  await waitForHydrated(page);
  for (const { field, option } of product.options) {
    await page.getByRole("group", { name: field }).getByRole("radio", { name: option, exact: true }).check();
  }
  await page.getByRole("button", { name: "Dodaj do koszyka" }).click();
  const sideCart = page.getByRole("dialog", { name: "Koszyk" });
  await expect(sideCart.getByText(product.title).first()).toBeVisible();
  await sideCart.getByRole("button", { name: "Zamknij koszyk" }).click();
  await expect(sideCart).toBeHidden();
}

/** On /koszyk: applies a discount code and waits for its RABAT line. */
export async function applyCoupon(page: Page, code: string): Promise<void> {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Kod rabatowy" }).fill(code);
  await main.getByRole("button", { name: "Dodaj kod" }).click();
  await expect(main.getByText(`RABAT (${code})`).first()).toBeVisible();
}

/** From /koszyk to the checkout as a guest ("Zakupy bez logowania"). */
export async function checkoutAsGuest(page: Page): Promise<void> {
  await page.getByRole("main").getByRole("link", { name: "Zakupy bez logowania" }).click();
  await expect(page).toHaveURL(/\/dostawa-i-platnosc$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dostawa i płatność" })).toBeVisible();
}

/** A guest with one product without variants in the cart, on the checkout (cookies decided first). */
export async function guestAtCheckout({
  context,
  baseURL,
  page,
  request,
}: {
  context: BrowserContext;
  baseURL: string | undefined;
  page: Page;
  request: APIRequestContext;
}): Promise<void> {
  await decideCookies(context, baseURL);
  const { simple } = await productsToBuy(request);
  await addToCart(page, simple);
  await page.goto("/koszyk");
  await checkoutAsGuest(page);
}

export function recipientSection(page: Page) {
  return page.getByRole("region", { name: "Dane odbiorcy" });
}

export function invoiceSection(page: Page) {
  return page.getByRole("region", { name: "Dane do faktury" });
}

/** "Chcę fakturę na inne dane": opens the invoice form (otherwise the invoice data are the recipient's). */
export async function askForOtherInvoice(page: Page): Promise<void> {
  await invoiceSection(page).getByRole("checkbox", { name: "Chcę fakturę na inne dane" }).check();
}

export function pickupSection(page: Page) {
  return page.getByRole("region", { name: "Punkt odbioru" });
}

export function summarySection(page: Page) {
  return page.getByRole("region", { name: "Podsumowanie" });
}

/** Types an address into a section's open form (e-mail only when given). */
export async function fillAddress(
  section: ReturnType<Page["getByRole"]>,
  address: Partial<Address>,
): Promise<void> {
  if (address.name !== undefined) await section.getByLabel("Imię i nazwisko/Nazwa").fill(address.name);
  if (address.email !== undefined) await section.getByLabel("E-mail").fill(address.email);
  if (address.phone !== undefined) await section.getByLabel("Telefon").fill(address.phone);
  if (address.street !== undefined) await section.getByLabel("Ulica i numer").fill(address.street);
  if (address.postCode !== undefined) await section.getByLabel("Kod pocztowy").fill(address.postCode);
  if (address.city !== undefined) await section.getByLabel("Miejscowość").fill(address.city);
}

/** "Zaznacz paczkomat": searches the built-in picker for a city and chooses the first locker; returns its code. */
export async function choosePickupPoint(page: Page, city: string): Promise<string> {
  await pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" }).click();
  const dialog = page.getByRole("dialog", { name: "Wybierz paczkomat" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Miejscowość, kod pocztowy lub kod paczkomatu").fill(city);
  const first = dialog.getByRole("listitem").filter({ hasText: city }).first();
  await expect(first).toBeVisible();
  const code = ((await first.textContent()) ?? "").match(/[A-Z]{3}\d{2,}[A-Z]?/)?.[0] ?? "";
  await first.getByRole("button").first().click();
  await expect(dialog).toBeHidden();
  await expect(pickupSection(page).getByText(code).first()).toBeVisible();
  return code;
}

/** The Razem amount of the checkout summary ("123,45 zł"). */
export async function checkoutTotal(page: Page): Promise<string> {
  const row = summarySection(page)
    .getByTestId("checkout-totals")
    .locator("div", { has: page.locator("dt", { hasText: /^Razem$/ }) })
    .locator("dd");
  await expect(row).toHaveText(/^\d+,\d\d zł$/);
  return ((await row.textContent()) ?? "").trim();
}

export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /Akceptuję regulamin oraz politykę prywatności/ }).check();
}

/** "Przejdź do płatności", then the demo bank page. */
export async function goToPayment(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Przejdź do płatności" }).click();
  await expect(page).toHaveURL(/\/bramka-demo\//, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Bramka płatności (demo)" })).toBeVisible();
}

/** The order number the demo bank page shows. */
export async function bankOrderNumber(page: Page): Promise<string> {
  const value = page
    .getByRole("main")
    .locator("dt", { hasText: /^Numer zamówienia$/ })
    .locator("xpath=following-sibling::dd[1]");
  return ((await value.textContent()) ?? "").trim();
}

/**
 * On the demo bank page: "Zapłać" or "Odrzuć", then back on /gotowe; returns the order number and
 * e-mail. The button is pressed again only while the bank page still offers the decision: enabled
 * (a decision on its way disables both buttons) and without an error. CI once saw a click made
 * ~20 ms after the page appeared (reached from checkout in the browser) send nothing — the page
 * was still settling where the button had been found; a shopper never taps that fast.
 */
export async function decidePayment(
  page: Page,
  button: "Zapłać" | "Odrzuć",
): Promise<{ orderNumber: string; email: string }> {
  const decide = page.getByRole("button", { name: button, exact: true });
  const error = page.getByRole("main").getByRole("alert");
  await expect(async () => {
    const offered =
      /\/bramka-demo\//.test(page.url()) &&
      (await decide.isEnabled({ timeout: 1_000 }).catch(() => false)) &&
      !(await error.isVisible().catch(() => false));
    if (offered) await decide.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/gotowe\?orderNumber=/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  const url = new URL(page.url());
  return {
    orderNumber: url.searchParams.get("orderNumber") ?? "",
    email: url.searchParams.get("email") ?? "",
  };
}

export function orderViewPath(order: { orderNumber: string; email: string }): string {
  return `/zamowienie?${new URLSearchParams({ orderNumber: order.orderNumber, email: order.email })}`;
}

/**
 * A guest buys `products` (one of each) for delivery to a parcel locker in `city` and pays at the demo
 * bank: the whole checkout as the checkout specs walk it, for specs about what comes after the sale.
 * With `company`, the invoice goes to the company's name and NIP ("Chcę fakturę na inne dane").
 */
export async function buyAsGuestAndPay(
  page: Page,
  products: readonly ProductToBuy[],
  { email, city, company }: { email: string; city: string; company?: { name: string; nip: string } },
): Promise<{ orderNumber: string; email: string }> {
  for (const product of products) await addToCart(page, product);
  await page.goto("/koszyk");
  await checkoutAsGuest(page);
  await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email });
  if (company) {
    await askForOtherInvoice(page);
    await fillAddress(invoiceSection(page), { ...GUEST_ADDRESS, phone: undefined, name: company.name });
    await invoiceSection(page).getByLabel("NIP").fill(company.nip);
  }
  await choosePickupPoint(page, city);
  await acceptTerms(page);
  await goToPayment(page);
  return decidePayment(page, "Zapłać");
}
