import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePaynow, startFakePaynow } from "../../test/fake-paynow";
import { testConfig } from "../../test/test-config";
import {
  type CreatePaymentRequest,
  createPaymentProvider,
  demoNotification,
  PaymentProviderError,
} from "./index";

let fake: FakePaynow;

function paymentRequestFor(orderNumber: string): CreatePaymentRequest {
  return {
    orderNumber,
    amountGrosze: 9_900,
    currency: "PLN",
    description: `Zamówienie ${orderNumber}`,
    buyer: { email: "jan@example.com", locale: "pl-PL" },
    continueUrl: `https://sklep.example/gotowe?orderNumber=${orderNumber}`,
    notificationUrl: "https://sklep.example/api/payments/notifications",
    idempotencyKey: `${orderNumber}-1`,
  };
}

beforeAll(async () => {
  fake = await startFakePaynow();
});

afterAll(async () => {
  await fake.close();
});

describe("createPaymentProvider", () => {
  it("is the demo bank by default, keyed with config.payments.demoSecret", () => {
    const config = testConfig({ DATA_DIR: "/tmp/shop-payments" });
    const provider = createPaymentProvider(config);
    expect(provider.name).toBe("demo");
    if (config.payments.provider !== "demo") throw new Error("expected the demo bank");
    const { rawBody, headers } = demoNotification(config.payments.demoSecret, {
      externalId: "DEMO-ABCDEFGHIJKLMNOP",
      orderNumber: "ZAM-1",
      status: "CONFIRMED",
      amountGrosze: 100,
      currency: "PLN",
    });
    expect(provider.verifyNotification(rawBody, headers).ok).toBe(true);
    expect(
      createPaymentProvider(testConfig({ DATA_DIR: "/tmp/other" })).verifyNotification(rawBody, headers),
    ).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("is Paynow with PAYMENT_PROVIDER=paynow, talking to PAYNOW_API_URL with the configured keys", async () => {
    const config = testConfig({
      PAYMENT_PROVIDER: "paynow",
      PAYNOW_API_URL: fake.url,
      PAYNOW_API_KEY: fake.apiKey,
      PAYNOW_SIGNATURE_KEY: fake.signatureKey,
    });
    const provider = createPaymentProvider(config);
    expect(provider.name).toBe("paynow");
    const created = await provider.createPayment({
      orderNumber: "ZAM-7",
      amountGrosze: 9_900,
      currency: "PLN",
      description: "Zamówienie ZAM-7",
      buyer: { email: "jan@example.com", locale: "pl-PL" },
      continueUrl: "https://sklep.example/gotowe?orderNumber=ZAM-7",
      notificationUrl: "https://sklep.example/api/payments/notifications",
      idempotencyKey: "ZAM-7-1",
    });
    expect(fake.payments.get(created.externalId)?.request.amount).toBe(9_900);
  });

  it("passes the timeout option to the Paynow adapter", async () => {
    const config = testConfig({
      PAYMENT_PROVIDER: "paynow",
      PAYNOW_API_URL: fake.url,
      PAYNOW_API_KEY: fake.apiKey,
      PAYNOW_SIGNATURE_KEY: fake.signatureKey,
    });
    fake.setDelay(3_000);
    try {
      const error = await createPaymentProvider(config, { timeoutMs: 200 })
        .getPaymentStatus("AAAA-BBB-CCC-DDD")
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).kind).toBe("unavailable");
    } finally {
      fake.setDelay(0);
    }
  });

  it("both adapters refund through the same interface", async () => {
    const demo = createPaymentProvider(testConfig({ DATA_DIR: "/tmp/shop-payments" }));
    const demoPayment = await demo.createPayment(paymentRequestFor("ZAM-8"));
    const demoRefund = await demo.createRefund({
      paymentExternalId: demoPayment.externalId,
      amountGrosze: 9_900,
      idempotencyKey: "ZAM-8-refund-1",
    });
    expect(await demo.getRefundStatus(demoRefund.refundId)).toBe("SUCCESSFUL");

    const paynow = createPaymentProvider(
      testConfig({
        PAYMENT_PROVIDER: "paynow",
        PAYNOW_API_URL: fake.url,
        PAYNOW_API_KEY: fake.apiKey,
        PAYNOW_SIGNATURE_KEY: fake.signatureKey,
      }),
    );
    const payment = await paynow.createPayment(paymentRequestFor("ZAM-9"));
    fake.setStatus(payment.externalId, "CONFIRMED");
    const refund = await paynow.createRefund({
      paymentExternalId: payment.externalId,
      amountGrosze: 9_900,
      idempotencyKey: "ZAM-9-refund-1",
      reason: "RMA",
    });
    expect(refund.status).toBe("NEW");
    expect(await paynow.getRefundStatus(refund.refundId)).toBe("PENDING");
    expect(await paynow.getRefundStatus(refund.refundId)).toBe("SUCCESSFUL");
  });

  it("uses the injected fetch", async () => {
    const config = testConfig({
      PAYMENT_PROVIDER: "paynow",
      PAYNOW_API_URL: "https://api.sandbox.paynow.pl",
      PAYNOW_API_KEY: "key",
      PAYNOW_SIGNATURE_KEY: "secret",
    });
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ paymentId: "AAAA-BBB-CCC-DDD", status: "CONFIRMED" }), {
        status: 200,
      });
    };
    const provider = createPaymentProvider(config, { fetch: fakeFetch });
    expect(await provider.getPaymentStatus("AAAA-BBB-CCC-DDD")).toBe("PAYMENT_CONFIRMED");
    expect(calls).toEqual(["https://api.sandbox.paynow.pl/v3/payments/AAAA-BBB-CCC-DDD/status"]);
  });
});
