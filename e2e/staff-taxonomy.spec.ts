import sharp from "sharp";
import { isPhone, MODERATOR, signIn, toasts } from "./support/accounts";
import { expect, type Page, test, waitForHydrated } from "./support/test";

// The shop moderator's taxonomy screens (SPEC §2 /kategorie, /pola, /naglowek): categories added,
// reordered with the arrow buttons and by drag and drop, and the storefront menu follows; a field
// with two options; slides reordered and the home banner follows; a category with products cannot
// be deleted. Every record is named uniquely; the slides are deleted again at the end.

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function expectToast(page: Page, text: string) {
  await expect(toasts(page).filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
}

async function addCategory(page: Page, title: string, parent?: string) {
  const form = page.getByRole("region", { name: "Dodaj kategorię" });
  await form.getByRole("textbox", { name: "Nazwa" }).fill(title);
  await form.getByLabel("Kategoria nadrzędna").selectOption(parent ? { label: parent } : { index: 0 });
  await form.getByRole("button", { name: "Dodaj kategorię" }).click();
  await expectToast(page, "Dodano kategorię");
  // the toast of the previous add may still be showing: the category itself is the sign this add is done
  await expect(form.getByLabel("Kategoria nadrzędna").locator("option", { hasText: title })).toHaveCount(1);
}

/** A parent category with two subcategories, in this order. */
async function categoryFamily(page: Page, label: string) {
  const id = stamp();
  const names = { parent: `${label} ${id}`, first: `Pierwsza ${id}`, second: `Druga ${id}` };
  await page.goto("/konto/sklep/kategorie");
  await expect(page.getByRole("heading", { level: 1, name: "Kategorie" })).toBeVisible();
  await addCategory(page, names.parent);
  await addCategory(page, names.first, names.parent);
  await addCategory(page, names.second, names.parent);
  return names;
}

/** The titles, in the product list's category tree, of the category links with these names. */
async function storefrontOrder(page: Page, titles: string[]): Promise<string[]> {
  await page.goto("/produkty");
  const links = await page
    .locator('a[href^="/produkty?kategoria="]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.textContent?.trim() ?? ""));
  return links.filter((text, index) => titles.includes(text) && links.indexOf(text) === index);
}

async function saveOrder(page: Page) {
  await page.getByRole("button", { name: "Zapisz kolejność" }).click();
  await expectToast(page, "Zapisano kolejność");
}

test.describe("a shop moderator managing categories, fields and slides", () => {
  test.setTimeout(120_000);
  test.beforeEach(async ({ page }) => {
    await signIn(page, MODERATOR.email, MODERATOR.password);
  });

  test("adds a category with subcategories, reorders them with the buttons and the menu follows", async ({
    page,
  }) => {
    const names = await categoryFamily(page, "Kategoria");
    expect(await storefrontOrder(page, [names.first, names.second])).toEqual([names.first, names.second]);

    await page.goto("/konto/sklep/kategorie");
    await waitForHydrated(page);
    await page.getByRole("button", { name: `Przesuń wyżej: ${names.second}` }).click();
    await expect(page.getByText("Kolejność została zmieniona")).toBeVisible();
    // out of the parent and back in as its last child: the order stays as moved
    await page.getByRole("button", { name: `Przenieś poziom wyżej: ${names.first}` }).click();
    await page.getByRole("button", { name: `Przenieś do poprzedniej kategorii: ${names.first}` }).click();
    await saveOrder(page);
    expect(await storefrontOrder(page, [names.first, names.second])).toEqual([names.second, names.first]);

    // renamed inline
    await page.goto("/konto/sklep/kategorie");
    await waitForHydrated(page);
    await page.getByLabel(`Zmień nazwę: ${names.first}`).click();
    await page
      .getByRole("textbox", { name: `Nowa nazwa kategorii ${names.first}` })
      .fill(`${names.first} nowa`);
    await page.getByRole("button", { name: "Zapisz", exact: true }).first().click();
    await expectToast(page, "Zaktualizowano kategorię");
    expect(await storefrontOrder(page, [`${names.first} nowa`])).toEqual([`${names.first} nowa`]);
  });

  test("drags a category before another and the menu follows", async ({ page }) => {
    test.skip(isPhone(page), "drag and drop with a mouse: the buttons cover touch screens");
    const names = await categoryFamily(page, "Przeciąganie");
    const row = (title: string) =>
      page
        .getByTestId(/^category-row-/)
        .filter({ hasText: title })
        .first();
    // press on the second row, move over the first: the drop indicator shows "inside", then "before"
    const height = (await row(names.first).boundingBox())?.height ?? 80;
    await row(names.second).hover({ position: { x: 40, y: 12 } });
    await page.mouse.down();
    await row(names.first).hover({ position: { x: 40, y: height / 2 } });
    await row(names.first).hover({ position: { x: 44, y: height / 2 } });
    await expect(row(names.first)).toHaveAttribute("data-drop", "inside");
    await row(names.first).hover({ position: { x: 40, y: 4 } });
    await row(names.first).hover({ position: { x: 44, y: 3 } });
    await expect(row(names.first)).toHaveAttribute("data-drop", "before");
    await page.mouse.up();
    await expect(page.getByText("Kolejność została zmieniona")).toBeVisible();
    await saveOrder(page);
    expect(await storefrontOrder(page, [names.first, names.second])).toEqual([names.second, names.first]);

    // dropped onto another category, it becomes its subcategory
    await page.goto("/konto/sklep/kategorie");
    await waitForHydrated(page);
    const target = await row(names.second).boundingBox();
    await row(names.first).dragTo(row(names.second), {
      targetPosition: { x: 40, y: (target?.height ?? 80) / 2 },
    });
    await saveOrder(page);
    // the subcategories list right under its row
    await expect(row(names.second).locator("xpath=following-sibling::ul[1]")).toContainText(names.first);
  });

  test("refuses to delete a category that has products, with the reason", async ({ page }) => {
    await page.goto("/konto/sklep/kategorie");
    await waitForHydrated(page);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Usuń: Kocyki", exact: true }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Nie można usunąć kategorii, do której są przypisane produkty" }),
    ).toBeVisible();
    await page.goto("/konto/sklep/kategorie");
    await waitForHydrated(page);
    await expect(page.getByRole("button", { name: "Usuń: Kocyki", exact: true })).toBeVisible();
  });

  test("creates a product field with two options, edits and deletes it", async ({ page }) => {
    const title = `Haft ${stamp()}`;
    await page.goto("/konto/sklep/pola");
    await page.getByRole("link", { name: "Dodaj pole" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dodaj pole" })).toBeVisible();
    await page.getByRole("button", { name: "Zapisz pole" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" })).toBeVisible();

    await page.getByRole("textbox", { name: "Nazwa", exact: true }).fill(title);
    await page.getByRole("radio", { name: "Lista rozwijana" }).check();
    await page.getByRole("textbox", { name: "Nazwa opcji" }).first().fill("Bez haftu");
    await page.getByRole("button", { name: "Dodaj opcję" }).click();
    await page.getByRole("textbox", { name: "Nazwa opcji" }).nth(1).fill("Z imieniem");
    await page.getByRole("button", { name: "Zapisz pole" }).click();
    await expectToast(page, "Dodano pole");
    const item = page.getByRole("listitem").filter({ hasText: title });
    await expect(item.getByText("Opcje: 2")).toBeVisible();
    await expect(item.getByText("Bez haftu, Z imieniem")).toBeVisible();

    await item.getByRole("link", { name: `Edytuj: ${title}` }).click();
    await page.getByRole("button", { name: "Przesuń niżej: Opcja 1" }).click();
    await page.getByRole("button", { name: "Zapisz pole" }).click();
    await expectToast(page, "Zaktualizowano pole");
    await expect(item.getByText("Z imieniem, Bez haftu")).toBeVisible();

    page.once("dialog", (dialog) => dialog.accept());
    await item.getByRole("button", { name: `Usuń: ${title}` }).click();
    await expectToast(page, "Usunięto pole");
    await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  });

  test("reorders header slides and the home banner follows", async ({ page }) => {
    const id = stamp();
    const titles = [`Baner A ${id}`, `Baner B ${id}`];
    for (const [index, title] of titles.entries()) {
      await page.goto("/konto/sklep/naglowek");
      await page.getByRole("link", { name: "Dodaj slajd" }).click();
      await page.getByRole("button", { name: "Wybierz z galerii" }).click();
      const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
      await dialog
        .getByLabel("Prześlij do folderu naglowek")
        .setInputFiles([
          { name: `baner-${id}-${index}.png`, mimeType: "image/png", buffer: await png("#f5e3d7") },
        ]);
      await expect(dialog.getByText("Przesłano 1 z 1 zdjęć")).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole("button", { name: "Gotowe" }).click();
      await page.getByRole("textbox", { name: "Tytuł" }).fill(title);
      await page.getByRole("textbox", { name: "Link" }).fill("/produkty?wyprzedaz=tak");
      await page.getByRole("button", { name: "Zapisz slajd" }).click();
      await expectToast(page, "Dodano slajd");
    }
    const list = page.getByRole("list", { name: "Nagłówek" });
    await expect(list.getByRole("listitem").last()).toContainText(titles[1] ?? "");

    await page.getByRole("button", { name: `Przesuń wyżej: ${titles[1]}` }).click();
    await saveOrder(page);
    await page.goto("/");
    const shown = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(shown.filter((text) => titles.includes(text))).toEqual([titles[1], titles[0]]);

    for (const title of titles) {
      await page.goto("/konto/sklep/naglowek");
      page.once("dialog", (dialog) => dialog.accept());
      await page.getByRole("button", { name: `Usuń: ${title}` }).click();
      await expectToast(page, "Usunięto slajd");
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(120_000);

  test("adds categories and moves one with an arrow button, saved at once", async ({ page }) => {
    await signIn(page, MODERATOR.email, MODERATOR.password);
    const names = await categoryFamily(page, "Bez JS");
    await page.getByRole("button", { name: `Przesuń niżej: ${names.first}` }).click();
    await expectToast(page, "Zapisano kolejność");
    expect(await storefrontOrder(page, [names.first, names.second])).toEqual([names.second, names.first]);

    await page.goto("/konto/sklep/kategorie");
    const form = page.getByRole("region", { name: "Dodaj kategorię" });
    await form.getByRole("button", { name: "Dodaj kategorię" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Formularz zawiera błędy" })).toBeVisible();
    await expect(form.getByText("To pole jest obowiązkowe")).toBeVisible();
  });
});
