import { axeViolations } from "./support/axe";
import { guestAtCheckout, pickupSection } from "./support/checkout";
import { GEOWIDGET_HOST, geowidgetCalls, stubGeowidget } from "./support/geowidget";
import { expect, type Page, test } from "./support/test";

// The chosen locker's small map (issue 25, docs/decisions/041): with InPost's Geowidget configured
// (INPOST_GEOWIDGET_TOKEN, a shop of this file's own), the shopper chooses a locker on the
// Geowidget and the "Punkt odbioru" block shows, under its address and opening hours, a small map
// centred on it with it selected. The Geowidget is a stand-in served for InPost's host
// (e2e/support/geowidget.ts) that records the calls. Without the token (e2e/parcel-picker.spec.ts)
// there is no map and no request to InPost.

const TOKEN = "e2e-geowidget-token";
test.use({ shopEnv: { INPOST_GEOWIDGET_TOKEN: TOKEN } });

let geowidgetUrls: string[] = [];

test.beforeEach(async ({ context, baseURL, page, request }) => {
  geowidgetUrls = await stubGeowidget(page);
  await guestAtCheckout({ context, baseURL, page, request });
});

function mapDialog(page: Page) {
  return page.getByRole("dialog", { name: "Wybierz paczkomat na mapie" });
}

/** "Zaznacz paczkomat" or "zmień", then the locker's button on the (stand-in) Geowidget. */
async function chooseOnTheMap(page: Page, opener: "Zaznacz paczkomat" | "zmień", locker: string) {
  await pickupSection(page).getByRole("button", { name: opener }).click();
  // the choice is saved by a background post: a reload before its answer would show the page without it
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      /(^|&)intent=point(&|$)/.test(response.request().postData() ?? ""),
  );
  await mapDialog(page)
    .getByRole("button", { name: `Wybierz ${locker}` })
    .click();
  await expect(mapDialog(page)).toBeHidden();
  await saved;
}

test("the chosen locker is shown on a small map under its address and hours, and follows a change", async ({
  page,
}) => {
  const section = pickupSection(page);
  const map = section.getByTestId("parcel-point-map");
  // no map before a locker is chosen, and the Geowidget loads only with the picker
  await expect(section.getByRole("button", { name: "Zaznacz paczkomat" })).toBeVisible();
  await expect(map).toHaveCount(0);

  await chooseOnTheMap(page, "Zaznacz paczkomat", "KZY01A");
  await expect(section.getByText("Kod paczkomatu: KZY01A")).toBeVisible();
  await expect(section.getByText("Gajowa 27")).toBeVisible();
  await expect(section.getByText("43-340 Kozy")).toBeVisible();
  await expect(section.getByText("Godziny otwarcia: 24/7")).toBeVisible();

  // the small map: the Geowidget with the shop's token, centred on the locker, the locker selected
  await expect(map).toBeVisible();
  await expect(map.locator("inpost-geowidget")).toHaveAttribute("token", TOKEN);
  await expect
    .poll(() => geowidgetCalls(page))
    .toEqual([
      {
        widget: "map",
        method: "changePosition",
        args: [{ latitude: 49.84569, longitude: 19.17134 }, 16],
      },
      { widget: "map", method: "selectPoint", args: ["KZY01A"] },
    ]);
  expect(geowidgetUrls.every((url) => url.startsWith(GEOWIDGET_HOST))).toBe(true);

  // it only illustrates the text: hidden from screen readers, no Tab stop inside it
  await expect(map).toHaveAttribute("aria-hidden", "true");
  await section.getByRole("button", { name: "zmień" }).focus();
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.activeElement?.closest("[data-testid=parcel-point-map]")),
  ).toBeNull();
  await expect(map.getByRole("button", { name: "Wybierz KZY02M" })).toHaveCount(0);

  // small, and inside the section at 360 px and at 1280 px
  const viewport = page.viewportSize();
  const mapBox = await map.boundingBox();
  const sectionBox = await section.boundingBox();
  if (!viewport || !mapBox || !sectionBox) throw new Error("no layout");
  expect(mapBox.height).toBeLessThanOrEqual(200);
  expect(mapBox.width).toBeLessThanOrEqual(Math.min(448, viewport.width));
  expect(mapBox.x).toBeGreaterThanOrEqual(sectionBox.x);
  expect(mapBox.x + mapBox.width).toBeLessThanOrEqual(sectionBox.x + sectionBox.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  expect(await axeViolations(page, "main")).toEqual([]);

  // another locker: the same map moves to it
  await chooseOnTheMap(page, "zmień", "KZY02M");
  await expect(section.getByText("Kod paczkomatu: KZY02M")).toBeVisible();
  await expect(section.getByText("Godziny otwarcia: pn-pt 8-20")).toBeVisible();
  await expect(map).toHaveCount(1);
  await expect
    .poll(async () => (await geowidgetCalls(page)).slice(2))
    .toEqual([
      { widget: "map", method: "changePosition", args: [{ latitude: 49.8471, longitude: 19.1468 }, 16] },
      { widget: "map", method: "selectPoint", args: ["KZY02M"] },
    ]);
});

test("after a reload the chosen locker's map shows it again", async ({ page }) => {
  await chooseOnTheMap(page, "Zaznacz paczkomat", "KZY01A");
  await expect(pickupSection(page).getByTestId("parcel-point-map")).toBeVisible();

  await page.reload();
  await expect(pickupSection(page).getByText("Kod paczkomatu: KZY01A")).toBeVisible();
  await expect(pickupSection(page).getByTestId("parcel-point-map")).toBeVisible();
  // the shop's own list of lockers gives its place (the demo lockers are InPost's points)
  await expect
    .poll(async () => (await geowidgetCalls(page)).slice(-2))
    .toEqual([
      { widget: "map", method: "changePosition", args: [{ latitude: 49.84569, longitude: 19.17134 }, 16] },
      { widget: "map", method: "selectPoint", args: ["KZY01A"] },
    ]);
});

test("when the Geowidget cannot load, the chosen locker stays as text without a map", async ({ page }) => {
  await chooseOnTheMap(page, "Zaznacz paczkomat", "KZY01A");
  await page.route(`${GEOWIDGET_HOST}**`, (route) => route.abort());
  await page.reload();
  await expect(pickupSection(page).getByText("Kod paczkomatu: KZY01A")).toBeVisible();
  await expect(pickupSection(page).getByText("Gajowa 27")).toBeVisible();
  await expect(pickupSection(page).getByTestId("parcel-point-map")).toHaveCount(0);
});
