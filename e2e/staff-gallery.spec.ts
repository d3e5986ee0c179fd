import sharp from "sharp";
import { MODERATOR, signIn, toasts } from "./support/accounts";
import { expect, type Page, test } from "./support/test";

// The staff gallery as a shop moderator: a new folder, two images uploaded at once with progress,
// their thumbnails; deleting an image in use is refused with the places using it; an unused one is
// deleted. The images are made here with sharp (no binary fixtures).

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function png(colour: string, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function openFolder(page: Page, folder: string) {
  await page.goto("/konto/sklep/galeria");
  await expect(page.getByRole("heading", { level: 1, name: "Galeria" })).toBeVisible();
  await page.getByLabel("Nazwa folderu").fill(folder);
  await page.getByRole("button", { name: "Otwórz folder" }).click();
  await expect(page.getByRole("heading", { name: `Folder: ${folder}` })).toBeVisible();
}

test.describe("the staff gallery", () => {
  test.setTimeout(90_000);

  test("creates a folder, uploads two images at once with progress, deletes one; an image in use is refused", async ({
    page,
  }) => {
    const folder = `testy/${unique()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await openFolder(page, folder);
    await expect(page.getByText("Brak elementów")).toBeVisible();
    await expect(page.getByLabel("Folder docelowy")).toHaveValue(folder);

    await page.getByLabel("Zdjęcia", { exact: true }).setInputFiles([
      { name: "kocyk-rozowy.png", mimeType: "image/png", buffer: await png("#f4b6c2") },
      { name: "kocyk-mietowy.png", mimeType: "image/png", buffer: await png("#a8e0cc") },
    ]);
    await page.getByRole("button", { name: "Prześlij" }).click();
    await expect(page.getByText("Przesłano 2 z 2 zdjęć")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("progressbar", { name: "Przesyłanie kocyk-rozowy.png" })).toHaveAttribute(
      "value",
      "100",
    );
    const grid = page.getByRole("region", { name: `Folder: ${folder}` });
    await expect(grid.getByRole("img", { name: "kocyk-rozowy.png" })).toBeVisible();
    await expect(grid.getByRole("img", { name: "kocyk-mietowy.png" })).toBeVisible();
    await expect(grid.getByText("Wymiary: 640 × 480 px").first()).toBeVisible();
    // the folder appears in the tree, under "testy"
    const tree = page.getByRole("navigation", { name: "Foldery" });
    await expect(tree.getByRole("link", { name: folder.split("/")[1] })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // a category picture of the demo shop is in use: refused, naming the category
    await page.goto(`/konto/sklep/galeria?folder=${encodeURIComponent("produkty/kategorie")}`);
    page.once("dialog", (dialog) => dialog.accept());
    await page
      .getByRole("button", { name: /^Usuń: / })
      .first()
      .click();
    await expect(
      toasts(page).filter({ hasText: /Nie można usunąć zdjęcia, bo jest używane: kategoria „/ }),
    ).toBeVisible();

    // an unused one goes, after the confirmation
    await page.goto(`/konto/sklep/galeria?folder=${encodeURIComponent(folder)}`);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("button", { name: "Usuń: kocyk-rozowy.png" }).click();
    await expect(toasts(page).filter({ hasText: "Usunięto zdjęcie" })).toBeVisible();
    await expect(page.getByRole("img", { name: "kocyk-rozowy.png" })).toHaveCount(0);
    await expect(page.getByRole("img", { name: "kocyk-mietowy.png" })).toBeVisible();
  });

  test("refuses a text file named .jpg with a clear message", async ({ page }) => {
    const folder = `testy/${unique()}`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await openFolder(page, folder);
    await page
      .getByLabel("Zdjęcia", { exact: true })
      .setInputFiles([
        { name: "wirus.jpg", mimeType: "image/jpeg", buffer: Buffer.from("to nie jest obraz") },
      ]);
    await page.getByRole("button", { name: "Prześlij" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Ten plik nie jest obrazem." })).toBeVisible();
    await expect(page.getByText("Przesłano 0 z 1 zdjęć")).toBeVisible();
  });

  test("the product form's image picker uploads into its folder, selects the new images and orders them", async ({
    page,
  }) => {
    const id = unique();
    const folder = "produkty";
    const one = `${id}-pierwsze.png`;
    const two = `${id}-drugie.png`;
    await signIn(page, MODERATOR.email, MODERATOR.password);
    await page.goto("/konto/sklep/produkty/dodaj");
    const value = page.locator('input[type="hidden"][name="images"]');
    const names = async () => (JSON.parse(await value.inputValue()) as { name: string }[]).map((i) => i.name);
    await expect(value).toHaveValue("[]");

    await page.getByRole("button", { name: "Wybierz z galerii" }).click();
    const dialog = page.getByRole("dialog", { name: "Galeria zdjęć" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(`Prześlij do folderu ${folder}`).setInputFiles([
      { name: one, mimeType: "image/png", buffer: await png("#ffd6a5", 400, 400) },
      { name: two, mimeType: "image/png", buffer: await png("#caffbf", 400, 400) },
    ]);
    await expect(dialog.getByText("Przesłano 2 z 2 zdjęć")).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole("checkbox", { name: `Wybierz: ${one}` })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: `Wybierz: ${two}` })).toBeChecked();
    await expect(dialog.getByText("Wybrano: 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Gotowe" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(names).toEqual([one, two]);
    const first = JSON.parse(await value.inputValue())[0];
    expect(first).toMatchObject({ isNew: true, url: expect.stringMatching(/^\/media\/gallery\/produkty\//) });
    expect(first.thumb_url).toBe(first.url.replace(/\.webp$/, "-thumb.webp"));

    await page.getByRole("button", { name: `Przesuń niżej: ${one}` }).click();
    await expect.poll(names).toEqual([two, one]);
    await page.getByRole("button", { name: `Usuń z wyboru: ${two}` }).click();
    await expect.poll(names).toEqual([one]);

    // browse another folder and add one of its images; Escape-free cancel keeps the value
    await page.getByRole("button", { name: "Wybierz z galerii" }).click();
    await dialog.getByRole("button", { name: "Wszystkie zdjęcia" }).click();
    await dialog.getByRole("checkbox", { name: `Wybierz: ${two}` }).check();
    await dialog.getByRole("button", { name: "Anuluj" }).click();
    await expect.poll(names).toEqual([one]);
    await page.getByRole("button", { name: "Wybierz z galerii" }).click();
    await dialog.getByRole("checkbox", { name: `Wybierz: ${two}` }).check();
    await dialog.getByRole("button", { name: "Gotowe" }).click();
    await expect.poll(names).toEqual([one, two]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the plain multipart form uploads into the folder", async ({ page }) => {
      const folder = `testy/${unique()}`;
      await signIn(page, MODERATOR.email, MODERATOR.password);
      await page.goto(`/konto/sklep/galeria?folder=${encodeURIComponent(folder)}`);
      await page
        .getByLabel("Zdjęcia", { exact: true })
        .setInputFiles([
          { name: "bez-js.png", mimeType: "image/png", buffer: await png("#c0d0f0", 300, 300) },
        ]);
      await page.getByRole("button", { name: "Prześlij" }).click();
      await expect(toasts(page).filter({ hasText: "Przesłano zdjęcie" })).toBeVisible();
      await expect(page.getByRole("img", { name: "bez-js.png" })).toBeVisible();
    });
  });
});
