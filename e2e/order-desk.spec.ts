import { readFileSync } from "node:fs";
import { readXlsx } from "../server/test/read-xlsx";
import { MODERATOR, signIn, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { decideCookies, productsToBuy } from "./support/checkout";
import { placePaidOrder } from "./support/orders-api";
import { expect, shopUrl, test } from "./support/test";

// The order desk (issue 29) as the shop moderator on a desktop: a guest's paid order (placed through
// the API) gets an internal note on its staff page, its customer's page lists it with the spend, and
// the orders list's export downloads an XLSX that opens as a spreadsheet whose totals row adds up.

test("a note on a paid order, its customer's page, and the day's export that adds up", async ({
  page,
  request,
}) => {
  const { simple } = await productsToBuy(request);
  const email = uniqueEmail("biurko");
  const order = await placePaidOrder(request, [simple], { email });

  await decideCookies(page.context(), shopUrl());
  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto(`/konto/sklep/zamowienia/${order._id}`);
  await page.getByLabel("Nowa notatka").fill("Klientka prosi o bilecik");
  await page.getByRole("button", { name: "Dodaj notatkę" }).click();
  await expect(page.getByText("Dodano notatkę")).toBeVisible();
  await expect(page.getByText("Klientka prosi o bilecik")).toBeVisible();

  await page.getByRole("link", { name: "Klient i jego zamówienia" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Klient: / })).toBeVisible();
  await expect(page.getByRole("link", { name: order.orderNumber })).toBeVisible();

  await page.goto("/konto/sklep/zamowienia");
  // the list's filters and the header's search box are two search landmarks, told apart by their names
  expect(await axeViolations(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Pobierz XLSX" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^zamowienia-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [header = [], ...rest] = readXlsx(new Uint8Array(readFileSync(await file.path()))).rows;
  const totals = rest.at(-1) ?? [];
  const rows = rest.slice(0, -1);
  const total = header.indexOf("Razem brutto");
  const ours = rows.find((row) => row[0] === order.orderNumber);
  expect(ours?.[total]).toBe(order.priceGrosze / 100);
  const sum = rows.reduce((acc, row) => acc + Math.round(Number(row[total]) * 100), 0);
  expect(Math.round(Number(totals[total]) * 100)).toBe(sum);
});
