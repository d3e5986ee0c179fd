import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placePaidOrder } from "../../../server/areas/after-sale/after-sale.fixtures";
import { insertShopFixtures, type ShopFixtures } from "../../../server/areas/orders/orders.fixtures";
import { NO_ORDER_LIMIT } from "../../../server/test/rate-limits";
import { type StaffApiKit, startStaffApi } from "../../../server/test/staff-api";
import { testWebContext } from "../../../server/test/web-context";
import { action } from "./complaint";

// The complaint page's action in process (issue 27): a refused form comes back with what was typed
// and the field's message; a good one answers the acknowledgement with the answer deadline.

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
});
