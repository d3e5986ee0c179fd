import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placePaidOrder } from "../../../server/areas/after-sale/after-sale.fixtures";
import {
  insertShopFixtures,
  placeOrderAtServerPrice,
  RECIPIENT,
  type ShopFixtures,
} from "../../../server/areas/orders/orders.fixtures";
import { afterSaleCases, afterSalePhotos } from "../../../server/db/schema";
import { NO_ORDER_LIMIT } from "../../../server/test/rate-limits";
import { type StaffApiKit, startStaffApi } from "../../../server/test/staff-api";
import { testWebContext } from "../../../server/test/web-context";
import { action, loader } from "./complaint";

// The complaint page's action in process (issue 27): a refused form comes back with what was typed
// and the field's message; a good one answers the acknowledgement with the answer deadline. The
// multipart form with photos: a file that is not an image is refused by name (the text kept, the
// photos asked for again), the photos of an accepted one are stored with its case.

let kit: StaffApiKit;
let shop: ShopFixtures;

beforeAll(async () => {
  kit = await startStaffApi({ rateLimits: NO_ORDER_LIMIT });
  shop = await insertShopFixtures(kit.database.db);
});
afterAll(async () => {
  await kit?.close();
});

function post(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

describe("the complaint page", () => {
  it("keeps what was typed on a refusal, then acknowledges the complaint", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const url = `http://localhost/reklamacja?orderNumber=${order.orderNumber}&email=${encodeURIComponent(order.email)}`;
    const context = testWebContext(kit.app.services, { user: null });
    const fields = {
      [`qty-${order.lineIds[0]}`]: "1",
      description: "Za krótko",
      submissionKey: "page-complaint-1",
    };
    const refused = (await action({ context, request: post(url, fields), params: {} } as never)) as {
      init: ResponseInit;
      data: { values: Record<string, string>; errors: Record<string, unknown> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.values.description).toBe("Za krótko");
    expect(Object.keys(refused.data.errors).sort()).toEqual(["description", "remedy"]);

    const sent = await action({
      context,
      request: post(url, {
        ...fields,
        description: "Rączka torby oderwała się po tygodniu.",
        remedy: "replacement",
      }),
      params: {},
    } as never);
    expect(sent).toMatchObject({ done: true });
  });

  it("takes the photos of the multipart form, refusing a file that is not an image by its name", async () => {
    const order = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const url = `http://localhost/reklamacja?orderNumber=${order.orderNumber}&email=${encodeURIComponent(order.email)}`;
    const context = testWebContext(kit.app.services, { user: null });
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#7a4" } })
      .jpeg()
      .toBuffer();
    const form = (files: { name: string; data: Buffer }[]) => {
      const body = new FormData();
      body.append(`qty-${order.lineIds[0]}`, "1");
      body.append("description", "Nitka wychodzi z haftu na rękawie.");
      body.append("remedy", "repair");
      body.append("submissionKey", "page-complaint-photos-1");
      for (const file of files) body.append("photos", new Blob([new Uint8Array(file.data)]), file.name);
      return new Request(url, { method: "POST", body });
    };
    const refused = (await action({
      context,
      request: form([
        { name: "rekaw.jpg", data: photo },
        { name: "opis.pdf", data: Buffer.from("%PDF-1.4 nie zdjęcie") },
      ]),
      params: {},
    } as never)) as {
      init: ResponseInit;
      data: { values: Record<string, string>; errors: Record<string, unknown>; photosSent: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.values.description).toBe("Nitka wychodzi z haftu na rękawie.");
    expect(refused.data.errors).toEqual({
      "photos.1": { key: "afterSale.photoNotAnImage", params: { name: "opis.pdf" } },
    });
    expect(refused.data.photosSent).toBe(2);

    const sent = await action({
      context,
      request: form([{ name: "rekaw.jpg", data: photo }]),
      params: {},
    } as never);
    expect(sent).toMatchObject({ done: true });
    const [made] = await kit.database.db
      .select({ id: afterSaleCases.id })
      .from(afterSaleCases)
      .where(eq(afterSaleCases.orderId, order.id));
    const stored = await kit.database.db
      .select()
      .from(afterSalePhotos)
      .where(eq(afterSalePhotos.caseId, made?.id ?? 0));
    expect(stored).toHaveLength(1);
  });

  it("offers the form while the 2-year liability lasts and says why not for an order never paid", async () => {
    const context = testWebContext(kit.app.services, { user: null });
    const formOf = async (orderNumber: string, email: string) => {
      const url = `http://localhost/reklamacja?orderNumber=${orderNumber}&email=${encodeURIComponent(email)}`;
      const answer = (await loader({ context, request: new Request(url), params: {} } as never)) as {
        data: { form: { complaints: { open: boolean; endsAt: string | null; reason?: string } } | null };
      };
      return answer.data.form;
    };
    const paid = await placePaidOrder(kit.app, kit.app.services.config, shop.plain);
    const open = (await formOf(paid.orderNumber, paid.email))?.complaints;
    expect(open?.open).toBe(true);
    // delivered today: until the same Warsaw day two years on
    expect(Date.parse(open?.endsAt ?? "") - Date.now()).toBeGreaterThan(729 * 24 * 3_600_000);
    expect(Date.parse(open?.endsAt ?? "") - Date.now()).toBeLessThan(732 * 24 * 3_600_000);

    const email = `nieoplacone-${Date.now()}@example.com`;
    const unpaid = await placeOrderAtServerPrice(kit.app, {
      cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
      recipient: { ...RECIPIENT, email },
    });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    expect((await formOf(unpaid.json().orderNumber, email))?.complaints).toEqual({
      open: false,
      endsAt: null,
      reason: "not-paid",
    });
  });
});
