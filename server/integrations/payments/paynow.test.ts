import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakePaynow, PAYNOW_PAYMENT_ID, startFakePaynow } from "../../test/fake-paynow";
import { type CreatePaymentRequest, PaymentProviderError } from "./payment-provider";
import { createPaynowProvider, mapPaynowStatus } from "./paynow";
import { paynowNotificationSignature, paynowV3RequestSignature } from "./paynow-signature";

let fake: FakePaynow;

beforeAll(async () => {
  fake = await startFakePaynow();
});

afterAll(async () => {
  await fake.close();
});

afterEach(() => {
  fake.setDelay(0);
  fake.refuse(null);
});

let counter = 0;
function paymentRequest(overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest {
  counter += 1;
  return {
    orderNumber: `ZAM-${counter}`,
    amountGrosze: 12_345,
    currency: "PLN",
    description: `Zamówienie ZAM-${counter}`,
    buyer: { email: "jan@example.com", firstName: "Jan", lastName: "Łukasiewicz", locale: "pl-PL" },
    continueUrl: `https://sklep.example/gotowe?orderNumber=ZAM-${counter}&email=jan%40example.com`,
    notificationUrl: "https://sklep.example/api/payments/notifications",
    idempotencyKey: `idem-${counter}-${Date.now()}`,
    ...overrides,
  };
}

function provider(options: { timeoutMs?: number; apiKey?: string; apiUrl?: string } = {}) {
  return createPaynowProvider(
    {
      apiUrl: options.apiUrl ?? `${fake.url}/`,
      apiKey: options.apiKey ?? fake.apiKey,
      signatureKey: fake.signatureKey,
    },
    { timeoutMs: options.timeoutMs },
  );
}

async function expectProviderError(promise: Promise<unknown>, kind: "unavailable" | "rejected") {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  expect((error as PaymentProviderError).kind).toBe(kind);
  return error as PaymentProviderError;
}

describe("Paynow adapter: createPayment", () => {
  it("registers a signed payment and returns Paynow's id, redirect URL and PAYMENT_NEW", async () => {
    const request = paymentRequest();
    const created = await provider().createPayment(request);
    expect(created.externalId).toMatch(PAYNOW_PAYMENT_ID);
    expect(created.redirectUrl).toBe(`${fake.url}/paywall/${created.externalId}`);
    expect(created.status).toBe("PAYMENT_NEW");

    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/v3/payments");
    expect(sent?.status).toBe(201);
    expect(sent?.headers["api-key"]).toBe(fake.apiKey);
    expect(sent?.headers["idempotency-key"]).toBe(request.idempotencyKey);
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.accept).toBe("application/json");
    expect(sent?.headers.signature).toBe(
      paynowV3RequestSignature({
        apiKey: fake.apiKey,
        signatureKey: fake.signatureKey,
        idempotencyKey: request.idempotencyKey,
        body: sent?.body ?? "",
      }),
    );
    // the body is ASCII only (non-ASCII as \uXXXX, as PHP json_encode writes it) and carries no notificationUrl
    expect(sent?.body).toMatch(/^[\x20-\x7e]*$/);
    expect(sent?.body).toContain("Zam\\u00f3wienie");
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      amount: 12_345,
      currency: "PLN",
      externalId: request.orderNumber,
      description: request.description,
      continueUrl: request.continueUrl,
      buyer: { email: "jan@example.com", firstName: "Jan", lastName: "Łukasiewicz", locale: "pl-PL" },
    });
    expect(fake.payments.get(created.externalId)?.request.externalId).toBe(request.orderNumber);
  });

  it("leaves out the buyer's names when not given", async () => {
    const request = paymentRequest({ buyer: { email: "anna@example.com", locale: "en-GB" } });
    await provider().createPayment(request);
    expect(JSON.parse(fake.requests.at(-1)?.body ?? "").buyer).toEqual({
      email: "anna@example.com",
      locale: "en-GB",
    });
  });

  it("returns the same payment for the same idempotency key", async () => {
    const request = paymentRequest();
    const first = await provider().createPayment(request);
    const second = await provider().createPayment(request);
    expect(second).toEqual(first);
    const other = await provider().createPayment({
      ...request,
      idempotencyKey: `${request.idempotencyKey}-b`,
    });
    expect(other.externalId).not.toBe(first.externalId);
  });

  it("refuses an idempotency key longer than 45 characters without calling Paynow", async () => {
    const before = fake.requests.length;
    await expectProviderError(
      provider().createPayment(paymentRequest({ idempotencyKey: "k".repeat(46) })),
      "rejected",
    );
    expect(fake.requests.length).toBe(before);
    // 45 is fine
    await expect(
      provider().createPayment(paymentRequest({ idempotencyKey: "k".repeat(45) })),
    ).resolves.toBeTruthy();
  });

  it("a wrong Api-Key is rejected (401)", async () => {
    const error = await expectProviderError(
      provider({ apiKey: "00000000-0000-0000-0000-000000000000" }).createPayment(paymentRequest()),
      "rejected",
    );
    expect(error.message).toContain("401");
    expect(fake.requests.at(-1)?.status).toBe(401);
  });

  it("invalid payment data is rejected (400 VALIDATION_ERROR)", async () => {
    const error = await expectProviderError(
      provider().createPayment(paymentRequest({ amountGrosze: 5 })),
      "rejected",
    );
    expect(error.message).toContain("VALIDATION_ERROR");
  });

  it("a 4xx injected by the server is rejected; the next request works again", async () => {
    fake.failNext(403, "FORBIDDEN", "Shop disabled");
    const error = await expectProviderError(provider().createPayment(paymentRequest()), "rejected");
    expect(error.message).toContain("Shop disabled");
    await expect(provider().createPayment(paymentRequest())).resolves.toMatchObject({
      status: "PAYMENT_NEW",
    });
  });

  it("a 5xx is unavailable", async () => {
    fake.failNext(500);
    await expectProviderError(provider().createPayment(paymentRequest()), "unavailable");
    fake.refuse("503");
    await expectProviderError(provider().createPayment(paymentRequest()), "unavailable");
  });

  it("a reply slower than the timeout is unavailable, within the timeout", async () => {
    fake.setDelay(5_000);
    const started = performance.now();
    const error = await expectProviderError(
      provider({ timeoutMs: 300 }).createPayment(paymentRequest()),
      "unavailable",
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
    expect(error.message).toContain("300 ms");
  });

  it("a connection closed without a reply is unavailable", async () => {
    fake.refuse("close");
    await expectProviderError(provider().createPayment(paymentRequest()), "unavailable");
  });

  it("a refused connection (nothing listening) is unavailable", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    await expectProviderError(
      provider({ apiUrl: `http://127.0.0.1:${port}` }).createPayment(paymentRequest()),
      "unavailable",
    );
  });
});

describe("Paynow adapter: getPaymentStatus", () => {
  it("reads the status with a signed GET (empty body, fresh Idempotency-Key) and maps it", async () => {
    const created = await provider().createPayment(paymentRequest());
    expect(await provider().getPaymentStatus(created.externalId)).toBe("PAYMENT_NEW");
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe("GET");
    expect(sent?.path).toBe(`/v3/payments/${created.externalId}/status`);
    expect(sent?.status).toBe(200);
    expect(sent?.body).toBe("");
    expect(sent?.headers["idempotency-key"]?.length).toBeLessThanOrEqual(45);

    fake.setStatus(created.externalId, "PENDING");
    expect(await provider().getPaymentStatus(created.externalId)).toBe("PAYMENT_PENDING");
    fake.setStatus(created.externalId, "CONFIRMED");
    expect(await provider().getPaymentStatus(created.externalId)).toBe("PAYMENT_CONFIRMED");
    fake.setStatus(created.externalId, "EXPIRED");
    expect(await provider().getPaymentStatus(created.externalId)).toBe("PAYMENT_ERROR");
  });

  it("an unknown payment is rejected (404); an unknown status is unavailable", async () => {
    await expectProviderError(provider().getPaymentStatus("AAAA-BBB-CCC-DDD"), "rejected");
    const created = await provider().createPayment(paymentRequest());
    fake.setStatus(created.externalId, "SOMETHING_NEW");
    await expectProviderError(provider().getPaymentStatus(created.externalId), "unavailable");
  });
});

describe("fake Paynow follows the protocol", () => {
  it("refuses a bad signature (401) and a missing Idempotency-Key (400) with Paynow error bodies", async () => {
    const body = JSON.stringify({ amount: 1000 });
    const badSignature = await fetch(`${fake.url}/v3/payments`, {
      method: "POST",
      headers: {
        "Api-Key": fake.apiKey,
        "Idempotency-Key": "x",
        Signature: "AAAA",
        "Content-Type": "application/json",
      },
      body,
    });
    expect(badSignature.status).toBe(401);
    expect(await badSignature.json()).toEqual({
      statusCode: 401,
      errors: [{ errorType: "UNAUTHORIZED", message: "Invalid Signature" }],
    });
    const noKey = await fetch(`${fake.url}/v3/payments`, {
      method: "POST",
      headers: { "Api-Key": fake.apiKey, "Content-Type": "application/json" },
      body,
    });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).errors[0].errorType).toBe("VALIDATION_ERROR");
  });
});

describe("Paynow adapter: verifyNotification", () => {
  const paynow = () => provider();

  it("accepts a correctly signed notification (lower-case header) and maps it", async () => {
    const created = await paynow().createPayment(paymentRequest());
    const { rawBody, headers } = fake.notification(created.externalId, "CONFIRMED", "2026-11-21T10:00:00");
    expect(Object.keys(headers)).toEqual(["signature"]);
    const result = paynow().verifyNotification(rawBody, headers);
    expect(result).toEqual({
      ok: true,
      notification: {
        externalId: created.externalId,
        orderNumber: fake.payments.get(created.externalId)?.request.externalId,
        status: "PAYMENT_CONFIRMED",
        providerStatus: "CONFIRMED",
        amountGrosze: null,
        currency: null,
        modifiedAt: "2026-11-21T10:00:00",
      },
    });
  });

  it("accepts the SDK's sample notification (no externalId) signed with the shop's key", () => {
    const rawBody =
      '{\n  "paymentId": "NOLV-8F9-08K-WGD",\n  "status": "CONFIRMED",\n  "modifiedAt": "2018-12-12T13:24:52"\n}';
    const withKey = createPaynowProvider({ apiUrl: fake.url, apiKey: "k", signatureKey: "s3ecret-k3y" });
    const result = withKey.verifyNotification(rawBody, {
      signature: "Aq/VmN15rtjVbuy9F7Yw+Ym76H+VZjVSuHGpg4dwitY=",
    });
    expect(result).toMatchObject({
      ok: true,
      notification: { externalId: "NOLV-8F9-08K-WGD", orderNumber: null, status: "PAYMENT_CONFIRMED" },
    });
  });

  it("refuses a missing, wrong or stale signature and a tampered body", async () => {
    const created = await paynow().createPayment(paymentRequest());
    const { rawBody, headers } = fake.notification(created.externalId, "CONFIRMED");
    expect(paynow().verifyNotification(rawBody, {})).toEqual({ ok: false, reason: "bad-signature" });
    expect(paynow().verifyNotification(rawBody, { signature: "" })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(paynow().verifyNotification(rawBody, { signature: "nonsense" })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    const tampered = rawBody.replace("CONFIRMED", "REJECTED");
    expect(paynow().verifyNotification(tampered, headers)).toEqual({ ok: false, reason: "bad-signature" });
    // signed with another key
    const foreign = paynowNotificationSignature("someone-else", rawBody);
    expect(paynow().verifyNotification(rawBody, { signature: foreign })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    // re-serialised (whitespace changed): the signature covers the exact bytes
    expect(paynow().verifyNotification(JSON.stringify(JSON.parse(rawBody)), headers)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });

  it("reads the header whatever its case", async () => {
    const created = await paynow().createPayment(paymentRequest());
    const { rawBody, headers } = fake.notification(created.externalId, "PENDING");
    expect(paynow().verifyNotification(rawBody, { Signature: headers.signature }).ok).toBe(true);
  });

  it.each([
    ["NEW", "PAYMENT_NEW"],
    ["PENDING", "PAYMENT_PENDING"],
    ["CONFIRMED", "PAYMENT_CONFIRMED"],
    ["REJECTED", "PAYMENT_ERROR"],
    ["ERROR", "PAYMENT_ERROR"],
    ["EXPIRED", "PAYMENT_ERROR"],
    ["ABANDONED", "PAYMENT_ERROR"],
    ["CANCELLED", "PAYMENT_ERROR"],
    ["WAITING_FOR_CONFIRMATION", "PAYMENT_PENDING"],
  ])("maps a %s notification to %s", async (paynowStatus, ours) => {
    expect(mapPaynowStatus(paynowStatus)).toBe(ours);
    const created = await paynow().createPayment(paymentRequest());
    const { rawBody, headers } = fake.notification(created.externalId, paynowStatus);
    const result = paynow().verifyNotification(rawBody, headers);
    expect(result).toMatchObject({ ok: true, notification: { status: ours, providerStatus: paynowStatus } });
  });

  it("a signed notification with an unknown status or a broken body is malformed", async () => {
    const created = await paynow().createPayment(paymentRequest());
    const unknown = fake.notification(created.externalId, "PAID");
    expect(paynow().verifyNotification(unknown.rawBody, unknown.headers)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(mapPaynowStatus("confirmed")).toBeNull();
    for (const rawBody of ["not json", "[]", '{"status":"CONFIRMED"}', '{"paymentId":"A","status":7}']) {
      const signature = paynowNotificationSignature(fake.signatureKey, rawBody);
      expect(paynow().verifyNotification(rawBody, { signature })).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
