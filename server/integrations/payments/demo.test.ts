import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createDemoProvider, DEMO_REFUND_ID, demoNotification, demoPaymentId, demoRefundId } from "./demo";
import { type CreatePaymentRequest, PaymentProviderError } from "./payment-provider";

const SECRET = "demo-bank:/tmp/test-data";

function paymentRequest(idempotencyKey: string): CreatePaymentRequest {
  return {
    orderNumber: "ZAM-1",
    amountGrosze: 15_900,
    currency: "PLN",
    description: "Zamówienie ZAM-1",
    buyer: { email: "jan@example.com", locale: "pl-PL" },
    continueUrl: "http://localhost:3000/gotowe?orderNumber=ZAM-1&email=jan%40example.com",
    notificationUrl: "http://localhost:3000/api/payments/notifications/demo",
    idempotencyKey,
  };
}

describe("demo bank: createPayment", () => {
  it("returns a DEMO- id, a relative /bramka-demo/ URL and PAYMENT_NEW, without network", async () => {
    const demo = createDemoProvider(SECRET);
    expect(demo.name).toBe("demo");
    const created = await demo.createPayment(paymentRequest("idem-1"));
    expect(created.externalId).toMatch(/^DEMO-[A-Z2-7]{16}$/);
    expect(created.redirectUrl).toBe(`/bramka-demo/${created.externalId}`);
    expect(created.status).toBe("PAYMENT_NEW");
  });

  it("gives the same payment for the same idempotency key, another for another key or secret", async () => {
    const demo = createDemoProvider(SECRET);
    const first = await demo.createPayment(paymentRequest("idem-1"));
    expect(await demo.createPayment(paymentRequest("idem-1"))).toEqual(first);
    expect((await demo.createPayment(paymentRequest("idem-2"))).externalId).not.toBe(first.externalId);
    expect(demoPaymentId("another-secret", "idem-1")).not.toBe(first.externalId);
    expect(demoPaymentId(SECRET, "idem-1")).toBe(first.externalId);
  });

  it("ids look random: 200 keys give 200 different ids over the whole base32 alphabet", () => {
    const ids = new Set(Array.from({ length: 200 }, (_, i) => demoPaymentId(SECRET, `key-${i}`)));
    expect(ids.size).toBe(200);
    const characters = new Set([...ids].flatMap((id) => [...id.slice(5)]));
    expect(characters.size).toBe(32);
  });

  it("getPaymentStatus is not available (the demo bank keeps no state)", async () => {
    const error = await createDemoProvider(SECRET)
      .getPaymentStatus("DEMO-AAAAAAAAAAAAAAAA")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).kind).toBe("unavailable");
  });
});

describe("demo bank: refunds", () => {
  const paymentExternalId = demoPaymentId(SECRET, "idem-1");

  async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).kind).toBe("rejected");
    return error as PaymentProviderError;
  }

  it("createRefund answers a DEMO-R- id derived from the key and NEW, without network; the first read is SUCCESSFUL", async () => {
    const demo = createDemoProvider(SECRET);
    const created = await demo.createRefund({
      paymentExternalId,
      amountGrosze: 4_999,
      idempotencyKey: "ZAM-1-refund-1",
      reason: "REFUND_BEFORE_14",
    });
    expect(created).toEqual({ refundId: demoRefundId(SECRET, "ZAM-1-refund-1"), status: "NEW" });
    expect(created.refundId).toMatch(DEMO_REFUND_ID);
    expect(created.refundId).not.toMatch(/^DEMO-[A-Z2-7]{16}$/);
    expect(await demo.getRefundStatus(created.refundId)).toBe("SUCCESSFUL");
    expect(await demo.getRefundStatus(created.refundId)).toBe("SUCCESSFUL");
  });

  it("the same key gives the same refund; another key, secret or kind of id another", async () => {
    const demo = createDemoProvider(SECRET);
    const request = { paymentExternalId, amountGrosze: 100, idempotencyKey: "ZAM-1-refund-2" };
    const first = await demo.createRefund(request);
    expect(await demo.createRefund(request)).toEqual(first);
    expect((await demo.createRefund({ ...request, idempotencyKey: "ZAM-1-refund-3" })).refundId).not.toBe(
      first.refundId,
    );
    expect(demoRefundId("another-secret", "ZAM-1-refund-2")).not.toBe(first.refundId);
    // the same key as a payment's and a refund's gives unrelated ids (the HMAC input names the kind)
    expect(demoRefundId(SECRET, "ZAM-1-refund-2").slice(7)).not.toBe(
      demoPaymentId(SECRET, "ZAM-1-refund-2").slice(5),
    );
  });

  it("refuses what Paynow would refuse: a key Paynow would not take, an amount not a positive whole number of grosze", async () => {
    const demo = createDemoProvider(SECRET);
    await refusal(
      demo.createRefund({ paymentExternalId, amountGrosze: 100, idempotencyKey: "k".repeat(46) }),
    );
    await refusal(demo.createRefund({ paymentExternalId, amountGrosze: 100, idempotencyKey: "" }));
    for (const amountGrosze of [0, -1, 1.5, Number.NaN]) {
      const error = await refusal(
        demo.createRefund({ paymentExternalId, amountGrosze, idempotencyKey: "k" }),
      );
      expect(error.errorType).toBe("VALIDATION_ERROR");
    }
    // what a real shop does is never refused: any amount (the service checks what is left), the longest key
    await expect(
      demo.createRefund({ paymentExternalId, amountGrosze: 100_000_000, idempotencyKey: "k".repeat(45) }),
    ).resolves.toMatchObject({ status: "NEW" });
  });

  it("a payment or refund id that is not the demo bank's is rejected as not found", async () => {
    const demo = createDemoProvider(SECRET);
    const payment = await refusal(
      demo.createRefund({ paymentExternalId: "NOLV-8F9-08K-WGD", amountGrosze: 100, idempotencyKey: "k" }),
    );
    expect(payment.errorType).toBe("NOT_FOUND");
    for (const refundId of ["NOLV-8F9-08K-WGD", paymentExternalId, "DEMO-R-short"]) {
      expect((await refusal(demo.getRefundStatus(refundId))).errorType).toBe("NOT_FOUND");
    }
  });
});

describe("demo bank: notifications", () => {
  const externalId = demoPaymentId(SECRET, "idem-1");

  it("signs with HMAC-SHA256 (base64) over the raw body and round-trips through verifyNotification", () => {
    const { rawBody, headers } = demoNotification(SECRET, {
      externalId,
      orderNumber: "ZAM-1",
      status: "CONFIRMED",
      amountGrosze: 15_900,
      currency: "PLN",
      modifiedAt: "2026-11-21T10:00:00.000Z",
    });
    expect(headers.signature).toBe(createHmac("sha256", SECRET).update(rawBody).digest("base64"));
    expect(createDemoProvider(SECRET).verifyNotification(rawBody, headers)).toEqual({
      ok: true,
      notification: {
        externalId,
        orderNumber: "ZAM-1",
        status: "PAYMENT_CONFIRMED",
        providerStatus: "CONFIRMED",
        amountGrosze: 15_900,
        currency: "PLN",
        modifiedAt: "2026-11-21T10:00:00.000Z",
      },
    });
  });

  it.each([
    ["CONFIRMED", "PAYMENT_CONFIRMED"],
    ["REJECTED", "PAYMENT_ERROR"],
    ["PENDING", "PAYMENT_PENDING"],
  ] as const)("maps %s to %s", (status, ours) => {
    const { rawBody, headers } = demoNotification(SECRET, {
      externalId,
      orderNumber: "ZAM-1",
      status,
      amountGrosze: 100,
      currency: "PLN",
    });
    const result = createDemoProvider(SECRET).verifyNotification(rawBody, headers);
    expect(result).toMatchObject({ ok: true, notification: { status: ours, providerStatus: status } });
    if (result.ok) expect(result.notification.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("detects tampering, a wrong secret and a missing signature", () => {
    const demo = createDemoProvider(SECRET);
    const { rawBody, headers } = demoNotification(SECRET, {
      externalId,
      orderNumber: "ZAM-1",
      status: "REJECTED",
      amountGrosze: 15_900,
      currency: "PLN",
    });
    expect(demo.verifyNotification(rawBody.replace("REJECTED", "CONFIRMED"), headers)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(demo.verifyNotification(rawBody.replace("15900", "1"), headers)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(createDemoProvider("other-secret").verifyNotification(rawBody, headers)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    expect(demo.verifyNotification(rawBody, {})).toEqual({ ok: false, reason: "bad-signature" });
    expect(demo.verifyNotification(rawBody, { signature: undefined })).toEqual({
      ok: false,
      reason: "bad-signature",
    });
    // a notification forged with someone else's key is refused even when well-formed
    const forged = demoNotification("guess", {
      externalId,
      orderNumber: "ZAM-1",
      status: "CONFIRMED",
      amountGrosze: 15_900,
      currency: "PLN",
    });
    expect(demo.verifyNotification(forged.rawBody, forged.headers)).toEqual({
      ok: false,
      reason: "bad-signature",
    });
  });

  it("a correctly signed body that is not a demo notification is malformed", () => {
    const demo = createDemoProvider(SECRET);
    const sign = (body: string) => createHmac("sha256", SECRET).update(body).digest("base64");
    const bodies = [
      "not json",
      JSON.stringify({ externalId, orderNumber: "ZAM-1", status: "PAID", amountGrosze: 1, currency: "PLN" }),
      JSON.stringify({
        externalId,
        orderNumber: "ZAM-1",
        status: "CONFIRMED",
        amountGrosze: 1.5,
        currency: "PLN",
      }),
      JSON.stringify({
        externalId: "NOLV-8F9-08K-WGD",
        orderNumber: "ZAM-1",
        status: "CONFIRMED",
        amountGrosze: 1,
        currency: "PLN",
      }),
      JSON.stringify({ externalId, status: "CONFIRMED", amountGrosze: 1, currency: "PLN" }),
    ];
    for (const body of bodies) {
      expect(demo.verifyNotification(body, { signature: sign(body) })).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
  });
});
