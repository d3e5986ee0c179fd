import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { afterSaleCases, afterSaleStatements, orders } from "./schema";

// A withdrawal or complaint statement stays as it was received (migration 0014's trigger): the
// database itself refuses to change or delete it, whatever code path tries.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

const address = {
  displayName: "Ola",
  email: "ola@example.com",
  phone: "500600700",
  postCode: "00-001",
  city: "Warszawa",
  street: "Prosta 1",
};

describe("after_sale_statements", () => {
  it("cannot be updated or deleted once written", async () => {
    const { db } = database;
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: "STMT-0001",
        email: address.email,
        priceGrosze: 10_000,
        totalProductsGrosze: 10_000,
        deliveryMethod: "courier",
        deliveryTitle: "Kurier",
        deliveryPriceGrosze: 0,
        recipient: address,
        invoiceData: address,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error("no order");
    const [created] = await db
      .insert(afterSaleCases)
      .values({ orderId: order.id, kind: "withdrawal", submissionKey: "k1", deadlineAt: new Date() })
      .returning({ id: afterSaleCases.id });
    if (!created) throw new Error("no case");
    await db.insert(afterSaleStatements).values({
      caseId: created.id,
      name: "Ola",
      email: address.email,
      lines: [],
      lang: "pl",
      text: "Oświadczenie",
      receivedAt: new Date(),
      clientAddress: "127.0.0.1",
    });
    await expect(
      db.update(afterSaleStatements).set({ text: "Inne" }).where(eq(afterSaleStatements.caseId, created.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(afterSaleStatements).where(eq(afterSaleStatements.caseId, created.id)),
    ).rejects.toThrow();
    const [kept] = await db
      .select()
      .from(afterSaleStatements)
      .where(eq(afterSaleStatements.caseId, created.id));
    expect(kept?.text).toBe("Oświadczenie");
  });
});
