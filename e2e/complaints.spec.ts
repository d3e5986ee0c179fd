import { isPhone, toasts, uniqueEmail, waitForMail } from "./support/accounts";
import { acceptComplaint, caseAtTheDesk } from "./support/after-sale";
import { axeViolations } from "./support/axe";
import { decideCookies, orderViewPath, productsToBuy } from "./support/checkout";
import { placePaidOrder } from "./support/orders-api";
import { type Browser, expect, test } from "./support/test";

// Complaints (issue 27): a guest complains about a paid order from its order page ("Zgłoś
// reklamację"), gets the acknowledgement with the answer deadline on the page and by e-mail; staff
// accept it on the returns desk with a message, which the guest gets by e-mail. Photos are not built yet.
// The paid order is placed and paid through the API (the purchase is the checkout specs' subject); on
// the phone staff answer through the API too (the returns desk is a desk screen, walked on the desktop).

test.setTimeout(150_000);

test("a guest complains from the order page and staff accept the complaint with a message", async ({
  page,
  request,
  browser,
  baseURL,
  playwright,
}) => {
  await decideCookies(page.context(), baseURL);
  const { simple } = await productsToBuy(request);
  const email = uniqueEmail("reklamacja");
  const { orderNumber } = await placePaidOrder(request, [simple], { email });

  await page.goto(orderViewPath({ orderNumber, email }));
  await page.getByRole("link", { name: "Zgłoś reklamację" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Reklamacja" })).toBeVisible();
  // refused without a description: the chosen remedy is kept
  await main.getByRole("radio", { name: "Wymiana" }).check();
  await main.getByRole("button", { name: "Wyślij reklamację" }).click();
  await expect(main.getByRole("radio", { name: "Wymiana" })).toBeChecked();
  await main.getByLabel("Co jest nie tak?").fill("Szew na rękawie puścił po pierwszym praniu.");
  expect(await axeViolations(page, "main")).toEqual([]);
  await main.getByRole("button", { name: "Wyślij reklamację" }).click();
  await expect(main.getByText(/^Reklamacja przyjęta\. Odpowiemy do /)).toBeVisible({ timeout: 15_000 });
  expect((await waitForMail(email, "complaint-received")).text).toContain("Szew na rękawie");

  // staff answer on the returns desk
  if (isPhone(page)) await acceptComplaint(playwright, orderNumber, "Wyślemy nowy komplet.");
  else await acceptAtTheDesk(browser, baseURL, orderNumber);
  expect((await waitForMail(email, "complaint-answer")).text).toContain("Wyślemy nowy komplet.");
});

/** The shop moderator accepts the order's complaint on the returns desk, with a message. */
async function acceptAtTheDesk(browser: Browser, baseURL: string | undefined, orderNumber: string) {
  const { desk, staff } = await caseAtTheDesk(browser, baseURL, orderNumber);
  await staff.getByLabel("Wiadomość do klienta (wyślemy ją e-mailem)").fill("Wyślemy nowy komplet.");
  await staff.getByRole("button", { name: "Uznaj" }).click();
  await expect(toasts(staff).getByText("Zapisano")).toBeVisible();
  expect(await axeViolations(staff)).toEqual([]);
  await desk.close();
}
