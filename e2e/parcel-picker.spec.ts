import { axeViolations } from "./support/axe";
import { fillAddress, guestAtCheckout, pickupSection, recipientSection } from "./support/checkout";
import { expect, type Page, test } from "./support/test";

// The checkout's "Punkt odbioru" picker (SPEC §2 Checkout: "Zaznacz paczkomat" opening a locker
// map limited to one carrier): the built-in search over the seeded demo InPost lockers, by city
// (with or without Polish letters), postcode and locker code, with the keyboard only, and the
// chosen point with its "zmień" button. The search opens on the recipient's postcode and city and
// lists the lockers near them, nearest first; the chosen one shows its opening hours.

test.beforeEach(async ({ context, baseURL, page, request }) => {
  await guestAtCheckout({ context, baseURL, page, request });
});

function pickerDialog(page: Page) {
  return page.getByRole("dialog", { name: "Wybierz paczkomat" });
}

function searchField(page: Page) {
  return pickerDialog(page).getByLabel("Miejscowość, kod pocztowy lub kod paczkomatu");
}

/** The result buttons, one per locker. */
function results(page: Page) {
  return pickerDialog(page).getByRole("list").getByRole("button");
}

test("a shopper chooses a locker with the keyboard only; Escape closes and the focus comes back", async ({
  page,
}) => {
  const open = pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" });
  await open.focus();
  await page.keyboard.press("Enter");
  await expect(pickerDialog(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await expect(pickerDialog(page).getByText("Wpisz co najmniej 2 znaki")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(pickerDialog(page)).toBeHidden();
  await expect(open).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type("krakow");
  await expect(pickerDialog(page).getByText("Znalezione paczkomaty: 4")).toBeVisible();
  await expect(results(page)).toHaveCount(4);
  for (const result of await results(page).all()) await expect(result).toContainText("Kraków");

  // sorted by postcode: KRA33N (30-347) first; arrows move between the results
  await page.keyboard.press("ArrowDown");
  await expect(results(page).first()).toBeFocused();
  await expect(results(page).first()).toContainText("KRA33N");
  await page.keyboard.press("ArrowDown");
  await expect(results(page).nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");

  await expect(pickerDialog(page)).toBeHidden();
  const section = pickupSection(page);
  await expect(section.getByText("Kod paczkomatu: KRA33N")).toBeVisible();
  await expect(section.getByText("Kapelanka 54")).toBeVisible();
  await expect(section.getByText("30-347 Kraków")).toBeVisible();
  await expect(section.getByRole("button", { name: "Zaznacz paczkomat" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "zmień" })).toBeFocused();
});

test("searches by postcode, locker code and city without Polish letters, says when nothing matches, and changes the point", async ({
  page,
}) => {
  await pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" }).click();
  // a postcode lists its own lockers first, then the nearest ones around it (Bielsko-Biała, 43-300)
  await searchField(page).fill("43-340");
  await expect(results(page)).toHaveCount(4);
  await expect(results(page).nth(0)).toContainText("43-340 Kozy");
  await expect(results(page).nth(1)).toContainText("43-340 Kozy");
  await expect(results(page).nth(2)).toContainText("43-300 Bielsko-Biała");
  await expect(results(page).filter({ hasText: "KZY01A" })).toContainText("Gajowa 27, 43-340 Kozy");
  await expect(results(page).filter({ hasText: "KZY01A" })).toContainText("obok sklepu");
  await expect(results(page).filter({ hasText: "KZY01A" })).toContainText("Czynny: 24/7");

  await searchField(page).fill("lodz");
  await expect(results(page)).toHaveCount(4);
  for (const result of await results(page).all()) await expect(result).toContainText("Łódź");

  await searchField(page).fill("Nieistniejąca Wieś");
  await expect(
    pickerDialog(page).getByText("Nie znaleźliśmy paczkomatu dla „Nieistniejąca Wieś”"),
  ).toBeVisible();
  await expect(results(page)).toHaveCount(0);

  await searchField(page).fill("kzy01a");
  await expect(results(page)).toHaveCount(1);
  await results(page).first().click();
  await expect(pickerDialog(page)).toBeHidden();
  await expect(pickupSection(page).getByText("Kod paczkomatu: KZY01A")).toBeVisible();
  await expect(pickupSection(page).getByText("Gajowa 27")).toBeVisible();

  // zmień: the dialog opens on the chosen point's town with the point marked, and another one replaces it
  await pickupSection(page).getByRole("button", { name: "zmień" }).click();
  await expect(searchField(page)).toHaveValue("Kozy");
  await expect(results(page).filter({ hasText: "KZY01A" })).toContainText("wybrany");
  await results(page).filter({ hasText: "KZY02M" }).click();
  await expect(pickupSection(page).getByText("Kod paczkomatu: KZY02M")).toBeVisible();
  await expect(pickupSection(page).getByText("Krakowska 2")).toBeVisible();
  await expect(pickupSection(page).getByText("KZY01A")).toHaveCount(0);
});

test("opens on the lockers nearest the recipient's postcode and city, and shows the chosen one's opening hours", async ({
  page,
}) => {
  // 00-950 is a post office: no locker has a 00-9xx postcode, the nearest Warsaw ones are listed
  await fillAddress(recipientSection(page), { postCode: "00-950", city: "Warszawa" });
  await pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" }).click();
  await expect(searchField(page)).toHaveValue("00-950 Warszawa");
  await expect(pickerDialog(page).getByText("Znalezione paczkomaty: 4")).toBeVisible();
  await expect(results(page)).toHaveCount(4);
  for (const result of await results(page).all()) await expect(result).toContainText("Warszawa");
  // nearest first (WAW23N, 00-175, is the closest postcode; WAW01M, 00-017, is 2 km from it)
  await expect(results(page).nth(0)).toContainText("WAW23N");
  await expect(results(page).nth(1)).toContainText("WAW01M");

  await results(page).nth(0).click();
  await expect(pickerDialog(page)).toBeHidden();
  const section = pickupSection(page);
  await expect(section.getByText("Kod paczkomatu: WAW23N")).toBeVisible();
  await expect(section.getByText("Godziny otwarcia: 24/7")).toBeVisible();
  expect(await axeViolations(page, "main")).toEqual([]);

  // after a reload the chosen point still shows its hours
  await page.reload();
  await expect(pickupSection(page).getByText("Kod paczkomatu: WAW23N")).toBeVisible();
  await expect(pickupSection(page).getByText("Godziny otwarcia: 24/7")).toBeVisible();
});

test("the dialog fills a phone's screen, is a centred panel on a desktop, and passes axe", async ({
  page,
}) => {
  await pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" }).click();
  await searchField(page).fill("Warszawa");
  await expect(results(page)).toHaveCount(4);
  const viewport = page.viewportSize();
  const box = await pickerDialog(page).boundingBox();
  if (!viewport || !box) throw new Error("no layout");
  if (viewport.width < 640) {
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(Math.round(box.height)).toBe(viewport.height);
  } else {
    expect(box.width).toBeLessThan(viewport.width * 0.75);
    expect(box.x).toBeGreaterThan(0);
  }
  expect(await axeViolations(page, "dialog")).toEqual([]);
  // the close button closes it too
  await pickerDialog(page).getByRole("button", { name: "Zamknij" }).click();
  await expect(pickerDialog(page)).toBeHidden();
});

test("without a map widget the chosen locker has no map, and nothing is asked of InPost's map", async ({
  page,
}) => {
  const inpost: string[] = [];
  page.on("request", (request) => {
    if (/inpost\.pl|easypack24\.net/.test(request.url())) inpost.push(request.url());
  });
  const response = await page.reload();
  expect(response?.headers()["content-security-policy"]).not.toMatch(/inpost|easypack/);

  await pickupSection(page).getByRole("button", { name: "Zaznacz paczkomat" }).click();
  await searchField(page).fill("kzy01a");
  await results(page).first().click();
  await expect(pickupSection(page).getByText("Kod paczkomatu: KZY01A")).toBeVisible();
  await expect(pickupSection(page).getByText("Godziny otwarcia: 24/7")).toBeVisible();
  await expect(pickupSection(page).getByTestId("parcel-point-map")).toHaveCount(0);
  expect(inpost).toEqual([]);
});
