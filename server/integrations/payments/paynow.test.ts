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
  fake.scriptRefunds(null);
  fake.setBalance(null);
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

/** A payment of `amount` grosze at the fake, CONFIRMED (only those can be refunded). */
async function confirmedPayment(amount = 12_345): Promise<string> {
  const created = await provider().createPayment(paymentRequest({ amountGrosze: amount }));
  fake.setStatus(created.externalId, "CONFIRMED");
  return created.externalId;
}

describe("Paynow adapter: createRefund", () => {
  it("POSTs a signed {amount, reason} to /v3/payments/{id}/refunds and returns Paynow's refund id and status", async () => {
    const paymentExternalId = await confirmedPayment(9_999);
    const created = await provider().createRefund({
      paymentExternalId,
      amountGrosze: 4_999,
      idempotencyKey: "ZAM-7-refund-1",
      reason: "REFUND_BEFORE_14",
    });
    expect(created.refundId).toMatch(PAYNOW_PAYMENT_ID);
    expect(created.status).toBe("NEW");

    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe(`/v3/payments/${paymentExternalId}/refunds`);
    expect(sent?.status).toBe(201);
    expect(sent?.body).toBe('{"amount":4999,"reason":"REFUND_BEFORE_14"}');
    expect(sent?.headers["api-key"]).toBe(fake.apiKey);
    expect(sent?.headers["idempotency-key"]).toBe("ZAM-7-refund-1");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.accept).toBe("application/json");
    // fixed vector: the sandbox keys, this key and body, computed with paynowV3RequestSignature
    // (and again with Python's hmac over the same payload)
    expect(sent?.headers.signature).toBe("B4TSo3y5kL2S+AKN2K7Is9SxdyPwqDKgAEZ4gzF+qvE=");
    expect(fake.refunds.get(created.refundId)).toMatchObject({
      paymentId: paymentExternalId,
      amount: 4_999,
      reason: "REFUND_BEFORE_14",
    });
  });

  it("leaves the reason out when not given", async () => {
    const paymentExternalId = await confirmedPayment();
    const created = await provider().createRefund({
      paymentExternalId,
      amountGrosze: 1_500,
      idempotencyKey: "ZAM-7-refund-2",
    });
    const sent = fake.requests.at(-1);
    expect(sent?.body).toBe('{"amount":1500}');
    expect(sent?.headers.signature).toBe("x+F2lMb7eQBHMEVrJyz3Kp1fVhamsj6RaC25npegbak=");
    expect(fake.refunds.get(created.refundId)?.reason).toBeUndefined();
  });

  it("the same idempotency key returns the same refund; another key makes another", async () => {
    const paymentExternalId = await confirmedPayment(10_000);
    const request = { paymentExternalId, amountGrosze: 3_000, idempotencyKey: `refund-same-${Date.now()}` };
    const first = await provider().createRefund(request);
    expect(await provider().createRefund(request)).toEqual(first);
    expect(fake.refundable(paymentExternalId)).toBe(7_000);
    const other = await provider().createRefund({
      ...request,
      idempotencyKey: `${request.idempotencyKey}-b`,
    });
    expect(other.refundId).not.toBe(first.refundId);
    expect(fake.refundable(paymentExternalId)).toBe(4_000);
  });

  it("a reply lost after the refund was made is unavailable; the retry with the same key gets that refund, made once", async () => {
    const paymentExternalId = await confirmedPayment(10_000);
    const request = { paymentExternalId, amountGrosze: 10_000, idempotencyKey: `refund-lost-${Date.now()}` };
    fake.failNextRequests(1, "lost-reply");
    await expectProviderError(provider({ timeoutMs: 300 }).createRefund(request), "unavailable");
    const made = [...fake.refunds.values()].filter((refund) => refund.paymentId === paymentExternalId);
    expect(made).toHaveLength(1);
    const retried = await provider().createRefund(request);
    expect(retried.refundId).toBe(made[0]?.refundId);
    expect(
      [...fake.refunds.values()].filter((refund) => refund.paymentId === paymentExternalId),
    ).toHaveLength(1);
  });

  it("refuses an idempotency key longer than 45 characters without calling Paynow", async () => {
    const paymentExternalId = await confirmedPayment();
    const before = fake.requests.length;
    await expectProviderError(
      provider().createRefund({ paymentExternalId, amountGrosze: 100, idempotencyKey: "r".repeat(46) }),
      "rejected",
    );
    expect(fake.requests.length).toBe(before);
    await expect(
      provider().createRefund({ paymentExternalId, amountGrosze: 100, idempotencyKey: "r".repeat(45) }),
    ).resolves.toMatchObject({ status: "NEW" });
  });

  it("partial refunds up to the payment's amount; more than is left is rejected (400) with Paynow's errorType kept", async () => {
    const paymentExternalId = await confirmedPayment(5_000);
    const key = `refund-partial-${Date.now()}`;
    await provider().createRefund({ paymentExternalId, amountGrosze: 2_000, idempotencyKey: `${key}-1` });
    await provider().createRefund({ paymentExternalId, amountGrosze: 3_000, idempotencyKey: `${key}-2` });
    const error = await expectProviderError(
      provider().createRefund({ paymentExternalId, amountGrosze: 1, idempotencyKey: `${key}-3` }),
      "rejected",
    );
    expect(error.httpStatus).toBe(400);
    expect(error.errorType).toBe("REFUND_AMOUNT_TOO_LARGE");
    expect(error.providerMessage).toBe("Refund amount exceeds the amount left to refund");
    expect(error.message).toContain("REFUND_AMOUNT_TOO_LARGE");
  });

  it("the shop's balance too low is rejected with INSUFFICIENT_BALANCE_FUNDS and Paynow's message, for staff", async () => {
    const paymentExternalId = await confirmedPayment(5_000);
    fake.setBalance(1_000);
    const error = await expectProviderError(
      provider().createRefund({
        paymentExternalId,
        amountGrosze: 1_001,
        idempotencyKey: `refund-bal-${Date.now()}`,
      }),
      "rejected",
    );
    expect(error).toMatchObject({
      httpStatus: 400,
      errorType: "INSUFFICIENT_BALANCE_FUNDS",
      providerMessage: "Insufficient funds on balance",
    });
    // no secret in what staff or the log may be shown
    for (const secret of [fake.apiKey, fake.signatureKey, fake.requests.at(-1)?.headers.signature ?? "?"]) {
      expect(error.message).not.toContain(secret);
    }
  });

  it("a payment not CONFIRMED, an invalid amount or reason are rejected (400 VALIDATION_ERROR)", async () => {
    const unpaid = await provider().createPayment(paymentRequest());
    const key = `refund-invalid-${Date.now()}`;
    const notConfirmed = await expectProviderError(
      provider().createRefund({
        paymentExternalId: unpaid.externalId,
        amountGrosze: 100,
        idempotencyKey: `${key}-1`,
      }),
      "rejected",
    );
    expect(notConfirmed.errorType).toBe("VALIDATION_ERROR");
    const paymentExternalId = await confirmedPayment();
    for (const [i, amountGrosze] of [0, -5, 1.5].entries()) {
      const error = await expectProviderError(
        provider().createRefund({ paymentExternalId, amountGrosze, idempotencyKey: `${key}-a${i}` }),
        "rejected",
      );
      expect(error.errorType).toBe("VALIDATION_ERROR");
    }
    const badReason = await expectProviderError(
      provider().createRefund({
        paymentExternalId,
        amountGrosze: 100,
        idempotencyKey: `${key}-r`,
        reason: "WITHDRAWAL" as never,
      }),
      "rejected",
    );
    expect(badReason.errorType).toBe("VALIDATION_ERROR");
  });

  it("an unknown payment is rejected (404 NOT_FOUND)", async () => {
    const error = await expectProviderError(
      provider().createRefund({
        paymentExternalId: "AAAA-BBB-CCC-DDD",
        amountGrosze: 100,
        idempotencyKey: `refund-404-${Date.now()}`,
      }),
      "rejected",
    );
    expect(error).toMatchObject({ httpStatus: 404, errorType: "NOT_FOUND" });
  });

  it("5xx is unavailable (the error kept) and nothing is made; the request after works", async () => {
    const paymentExternalId = await confirmedPayment();
    const request = { paymentExternalId, amountGrosze: 500, idempotencyKey: `refund-5xx-${Date.now()}` };
    fake.failNextRequests(2, 503);
    const error = await expectProviderError(provider().createRefund(request), "unavailable");
    expect(error).toMatchObject({ httpStatus: 503, errorType: "INTERNAL_ERROR" });
    await expectProviderError(provider().createRefund(request), "unavailable");
    expect(fake.refundable(paymentExternalId)).toBe(12_345);
    await expect(provider().createRefund(request)).resolves.toMatchObject({ status: "NEW" });
    expect(fake.refundable(paymentExternalId)).toBe(12_345 - 500);
  });

  it("no answer within the timeout is unavailable, and nothing is made", async () => {
    const paymentExternalId = await confirmedPayment();
    fake.failNextRequests(1, "timeout");
    const started = performance.now();
    await expectProviderError(
      provider({ timeoutMs: 300 }).createRefund({
        paymentExternalId,
        amountGrosze: 500,
        idempotencyKey: `refund-timeout-${Date.now()}`,
      }),
      "unavailable",
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(fake.refundable(paymentExternalId)).toBe(12_345);
  });
});

describe("Paynow adapter: getRefundStatus", () => {
  async function refund(): Promise<string> {
    const paymentExternalId = await confirmedPayment();
    counter += 1;
    const created = await provider().createRefund({
      paymentExternalId,
      amountGrosze: 1_000,
      idempotencyKey: `refund-status-${counter}-${Date.now()}`,
    });
    return created.refundId;
  }

  it("reads with a signed GET /v3/refunds/{id}/status (empty body, fresh key): NEW → PENDING → SUCCESSFUL, then stays", async () => {
    const refundId = await refund();
    expect(await provider().getRefundStatus(refundId)).toBe("PENDING");
    const sent = fake.requests.at(-1);
    expect(sent?.method).toBe("GET");
    expect(sent?.path).toBe(`/v3/refunds/${refundId}/status`);
    expect(sent?.status).toBe(200);
    expect(sent?.body).toBe("");
    expect(sent?.headers["content-type"]).toBeUndefined();
    const key = sent?.headers["idempotency-key"] ?? "";
    expect(key.length).toBeGreaterThan(0);
    expect(key.length).toBeLessThanOrEqual(45);
    expect(sent?.headers.signature).toBe(
      paynowV3RequestSignature({
        apiKey: fake.apiKey,
        signatureKey: fake.signatureKey,
        idempotencyKey: key,
        body: "",
      }),
    );
    expect(await provider().getRefundStatus(refundId)).toBe("SUCCESSFUL");
    expect(fake.requests.at(-1)?.headers["idempotency-key"]).not.toBe(key);
    expect(await provider().getRefundStatus(refundId)).toBe("SUCCESSFUL");
  });

  it("follows a scripted end: FAILED (its amount is refundable again) or CANCELLED", async () => {
    fake.scriptRefunds(["NEW", "FAILED"]);
    const failed = await refund();
    const paymentId = fake.refunds.get(failed)?.paymentId ?? "";
    expect(fake.refundable(paymentId)).toBe(12_345 - 1_000);
    expect(await provider().getRefundStatus(failed)).toBe("FAILED");
    expect(fake.refundable(paymentId)).toBe(12_345);

    fake.scriptRefunds(null);
    const cancelled = await refund();
    fake.setRefundStatus(cancelled, "CANCELLED");
    expect(await provider().getRefundStatus(cancelled)).toBe("CANCELLED");
  });

  it("an unknown refund is rejected (404 NOT_FOUND); an unknown status, 5xx and a timeout are unavailable", async () => {
    const missing = await expectProviderError(provider().getRefundStatus("RAAA-BBB-CCC-DDD"), "rejected");
    expect(missing).toMatchObject({ httpStatus: 404, errorType: "NOT_FOUND" });

    const refundId = await refund();
    fake.failNextRequests(1, 500);
    await expectProviderError(provider().getRefundStatus(refundId), "unavailable");
    fake.failNextRequests(1, "timeout");
    await expectProviderError(provider({ timeoutMs: 300 }).getRefundStatus(refundId), "unavailable");
    fake.setRefundStatus(refundId, "DONE" as never);
    await expectProviderError(provider().getRefundStatus(refundId), "unavailable");
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
