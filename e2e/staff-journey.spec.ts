import sharp from "sharp";
import { logIn, MODERATOR, toasts, uniqueEmail } from "./support/accounts";
import {
  acceptTerms,
  addToCart,
  applyCoupon,
  checkoutAsGuest,
  choosePickupPoint,
  decideCookies,
  decidePayment,
  fillAddress,
  GUEST_ADDRESS,
  goToPayment,
  invoiceSection,
  type ProductToBuy,
  recipientSection,
  summarySection,
} from "./support/checkout";
import { expect, type Page, test } from "./support/test";

// The whole staff journey of issue 6 in one story: a shop moderator creates a category and a
// price-changing field, then a product in that category with two variants and two pictures uploaded
// into a gallery folder from the product form; the shop shows it; a coupon limited to one use is
// created, a guest buys the product with it through the demo bank, and the next guest is refused the
// used-up code.

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

interface TreeNode {
  _id: number;
  title: string;
  subcategories?: TreeNode[];
}

function findCategoryId(nodes: readonly TreeNode[], title: string): number | undefined {
  for (const node of nodes) {
    if (node.title === title) return node._id;
    const found = findCategoryId(node.subcategories ?? [], title);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function expectToast(page: Page, text: string) {
  await expect(toasts(page).filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
}

async function guestBuys(page: Page, product: ProductToBuy, code: string): Promise<void> {
  await addToCart(page, product);
  await page.goto("/koszyk");
  await applyCoupon(page, code);
  await checkoutAsGuest(page);
  await fillAddress(recipientSection(page), { ...GUEST_ADDRESS, email: uniqueEmail("podroz") });
  await recipientSection(page).getByRole("button", { name: "Zapisz: Dane odbiorcy" }).click();
  await expect(recipientSection(page).getByRole("button", { name: "Edytuj: Dane odbiorcy" })).toBeVisible();
  // the invoice data are the recipient's unless asked otherwise
  await expect(invoiceSection(page).getByText("Fakturę wystawimy na dane odbiorcy.")).toBeVisible();
  await choosePickupPoint(page, "Kraków");
  await expect(summarySection(page).getByText(`RABAT (${code})`)).toBeVisible();
  await acceptTerms(page);
  await goToPayment(page);
  await decidePayment(page, "Zapłać");
  await expect(page.getByText("Otrzymaliśmy Twoje zamówienie")).toBeVisible();
}

test("a moderator builds a product from a new category, field and uploaded pictures; a guest buys it with a one-use coupon", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const id = stamp();
  const category = `Podróż ${id}`;
  const field = `Wielkość ${id}`;
  const [small, large] = ["Mała", "Duża"];
  const title = `Kołderka podróż ${id}`;
  const code = `JEDEN${id}`.toUpperCase();
  await decideCookies(context, baseURL);
  await logIn(page, MODERATOR.email, MODERATOR.password);

  // a category under the root
  await page.goto("/konto/sklep/kategorie");
  const addCategory = page.getByRole("region", { name: "Dodaj kategorię" });
  await addCategory.getByRole("textbox", { name: "Nazwa" }).fill(category);
  await addCategory.getByLabel("Kategoria nadrzędna").selectOption({ index: 0 });
  await addCategory.getByRole("button", { name: "Dodaj kategorię" }).click();
  await expectToast(page, "Dodano kategorię");

  // a price-changing field with two options
  await page.goto("/konto/sklep/pola/dodaj");
  await page.getByRole("textbox", { name: "Nazwa", exact: true }).fill(field);
  await page.getByRole("checkbox", { name: "Wybór zmienia cenę (warianty produktu)" }).check();
  await page.getByRole("textbox", { name: "Nazwa opcji" }).first().fill(small);
  await page.getByRole("button", { name: "Dodaj opcję" }).click();
  await page.getByRole("textbox", { name: "Nazwa opcji" }).nth(1).fill(large);
  await page.getByRole("button", { name: "Zapisz pole" }).click();
  await expectToast(page, "Dodano pole");

  // the product: category, field, two variants, two pictures uploaded into the gallery's folder
  await page.goto("/konto/sklep/produkty/dodaj");
  const main = page.getByRole("main");
  await main.getByLabel("Nazwa", { exact: true }).fill(title);
  await main.getByLabel("Cena (zł)", { exact: true }).fill("120,00");
  await main.getByRole("group", { name: "Kategorie" }).getByRole("checkbox", { name: category }).check();
  const fieldBox = main.getByRole("group", { name: "Pola produktu" }).getByRole("checkbox", {
    name: `${field} zmienia cenę`,
    exact: true,
  });
  await expect(async () => {
    if (await fieldBox.isChecked()) await fieldBox.uncheck();
    await fieldBox.check();
    await expect(main.getByLabel(`Cena (zł): ${small}`, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await main.getByLabel(`Cena (zł): ${small}`, { exact: true }).fill("120,00");
  await main.getByLabel(`Ilość: ${small}`, { exact: true }).fill("5");
  await main.getByLabel(`Cena (zł): ${large}`, { exact: true }).fill("160,00");
  await main.getByLabel(`Ilość: ${large}`, { exact: true }).fill("4");
  await main.getByRole("button", { name: "Wybierz z galerii" }).click();
  const gallery = page.getByRole("dialog", { name: "Galeria zdjęć" });
  await gallery.getByLabel("Prześlij do folderu produkty").setInputFiles([
    { name: `${id}-przod.png`, mimeType: "image/png", buffer: await png("#f4d6cc") },
    { name: `${id}-tyl.png`, mimeType: "image/png", buffer: await png("#cce3f4") },
  ]);
  await expect(gallery.getByText("Przesłano 2 z 2 zdjęć")).toBeVisible({ timeout: 30_000 });
  await gallery.getByRole("button", { name: "Gotowe" }).click();
  await expect(gallery).toBeHidden();
  await main.getByRole("button", { name: "Zapisz produkt" }).click();
  await expectToast(page, "Dodano produkt");

  // the shop shows it in its category, with both pictures and both variants
  const tree = (await (await page.request.get("/api/shops/categories")).json()) as TreeNode[];
  const categoryId = findCategoryId(tree, category);
  expect(categoryId, "the new category is in the public tree").toBeTruthy();
  await page.goto(`/produkty?kategoria=${categoryId}`);
  await page
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const productUrl = page.url();
  const pictures = page.locator('main img[src*="/media/gallery/produkty/"]');
  await expect(pictures.first()).toBeVisible();
  expect(
    await page
      .locator('main [src*="/media/gallery/produkty/"], main [srcset*="/media/gallery/produkty/"]')
      .count(),
  ).toBeGreaterThanOrEqual(2);
  await page.getByRole("group", { name: field }).getByRole("radio", { name: large, exact: true }).check();
  await expect(page.getByTestId("product-price")).toHaveText("160,00 zł");

  // a coupon that may be used once
  await page.goto("/konto/sklep/kody/dodaj");
  await page.getByRole("textbox", { name: "Kod" }).fill(code);
  await page.getByRole("radio", { name: "Procent (%)" }).check();
  await page.getByRole("textbox", { name: "Wartość rabatu" }).fill("10");
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Data rozpoczęcia").fill(today);
  await page.getByLabel("Data zakończenia").fill(later);
  await page.getByRole("textbox", { name: /^Limit użyć łącznie/ }).fill("1");
  await page.getByRole("button", { name: "Zapisz" }).click();
  await expectToast(page, "Dodano kod rabatowy");

  // a guest buys the large one with the coupon
  await context.clearCookies();
  await decideCookies(context, baseURL);
  const product: ProductToBuy = { url: productUrl, title, options: [{ field, option: large }] };
  await guestBuys(page, product, code);

  // the code is used up: the next shopper is refused it, and told why
  await context.clearCookies();
  await decideCookies(context, baseURL);
  await addToCart(page, product);
  await page.goto("/koszyk");
  const cart = page.getByRole("main");
  await cart.getByRole("textbox", { name: "Kod rabatowy" }).fill(code);
  await cart.getByRole("button", { name: "Dodaj kod" }).click();
  await expect(cart.getByText("Ten kod rabatowy został już wykorzystany")).toBeVisible();

  // the moderator sees the order and the stock the sale took
  await context.clearCookies();
  await decideCookies(context, baseURL);
  await logIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto(`/konto/sklep/magazyn?szukaj=${encodeURIComponent(title)}`);
  await expect(page.getByRole("main").getByText(title).first()).toBeVisible();
  await page.goto("/konto/sklep/kody");
  await expect(
    page.getByRole("main").getByRole("listitem").filter({ hasText: code }).getByText("Użycia: 1 / 1"),
  ).toBeVisible();
});
