import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { orderBody, RECIPIENT } from "../areas/orders/orders.fixtures";

/**
 * A guest's order of one unit of a 40.00 zł product with parcel-locker delivery (9.99 zł), by `email`
 * from `remoteAddress`: it must be placed (201); gives the reply's JSON.
 */
export async function placeGuestOrder(
  app: FastifyInstance,
  productId: number,
  email: string,
  remoteAddress: string,
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({
      cart: [{ productId, quantity: 1, variantKeys: {}, variantId: null }],
      priceGrosze: 4_000 + 999,
      recipient: { ...RECIPIENT, email },
    }),
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
