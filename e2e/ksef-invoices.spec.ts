import { decodePdfQr } from "../server/test/pdf-qr";
import { MODERATOR, signIn, uniqueEmail } from "./support/accounts";
import { buyAsGuestAndPay, decideCookies, productsToBuy } from "./support/checkout";
import { expect, test } from "./support/test";

// KSeF (issue 28, docs/decisions/068) with the built-in simulator (KSEF_ENV=local; this file gets a
// shop of its own): a company buyer with a NIP buys and pays through the screens; on
// /konto/sklep/faktury staff see its invoice "wysyłana" and then "wysłana: {numer KSeF}", and the PDF
// they download carries the QR code KOD I whose link names the seller's NIP. A staff screen: desktop
// only (playwright.config.ts).

test.use({ shopEnv: { KSEF_ENV: "local", JOB_POLL_SECONDS: "1" } });

const COMPANY = "Pracownia Testowa KSeF sp. z o.o.";
const COMPANY_NIP = "7740001454";
/** the demo seller's NIP (server/config.ts DEMO_SELLER) and the simulator's QR host (the test environment's) */
const SELLER_NIP = "1111111111";

test("a company's invoice goes to KSeF and its PDF carries the verification QR code", async ({
  page,
  baseURL,
}) => {
  // the whole purchase, then the job queue's send and KSeF's answer
  test.setTimeout(90_000);
  await decideCookies(page.context(), baseURL);
  const { simple } = await productsToBuy(page.request);
  const { orderNumber } = await buyAsGuestAndPay(page, [simple], {
    email: uniqueEmail("ksef"),
    city: "Kraków",
    company: { name: COMPANY, nip: COMPANY_NIP },
  });

  await signIn(page, MODERATOR.email, MODERATOR.password);
  await page.goto("/konto/sklep/faktury");
  await expect(page.getByRole("heading", { level: 1, name: "Faktury" })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: COMPANY }).first();
  await expect(row).toBeVisible();
  // "wysyłana" until the job queue has sent it and KSeF gave it a number (the page is reloaded)
  await expect(row.getByTestId("ksef-state")).toHaveText(/^(wysyłana|wysłana: .+)$/);
  await expect(async () => {
    await page.reload();
    await expect(
      page.getByRole("listitem").filter({ hasText: COMPANY }).first().getByTestId("ksef-state"),
    ).toHaveText(/^wysłana: 1111111111-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  const sent = page.getByRole("listitem").filter({ hasText: COMPANY }).first();
  const pdfLink = sent.getByRole("link", { name: /^PDF FV\// });
  const href = await pdfLink.getAttribute("href");
  expect(href).toContain(encodeURIComponent(orderNumber));
  const pdf = await page.request.get(href ?? "");
  expect(pdf.status()).toBe(200);
  const link = await decodePdfQr(new Uint8Array(await pdf.body()));
  expect(link).toMatch(
    new RegExp(
      `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/invoice/${SELLER_NIP}/\\d{2}-\\d{2}-\\d{4}/[A-Za-z0-9_-]{43}$`,
    ),
  );
});
