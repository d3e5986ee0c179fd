import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { OrderCreateInput } from "../../../domain/validation/order";
import type { Db } from "../../db/client";
import {
  coupons,
  fieldOptions,
  parcelPoints,
  productFieldLinks,
  productFields,
  products,
  productVariants,
} from "../../db/schema";

// Test fixtures for placing orders: a plain product, a product with colour variants, a hidden
// product and coupons, inserted directly (prices in grosze), and the parcel locker LOCKER (the
// built-in picker accepts only the points of its table).

let counter = 0;

export interface ShopFixtures {
  plain: { id: number; priceGrosze: number };
  variantProduct: {
    id: number;
    fieldId: number;
    pink: { optionId: number; variantId: number; priceGrosze: number };
    blue: { optionId: number; variantId: number; priceGrosze: number };
  };
  hidden: { id: number };
  percentCoupon: { id: number; code: string };
  limitedCoupon: { id: number; code: string };
}

export async function insertShopFixtures(
  db: Db,
  options: { plainQuantity?: number; pinkQuantity?: number; couponLimit?: number } = {},
): Promise<ShopFixtures> {
  counter += 1;
  await db
    .insert(parcelPoints)
    .values({
      id: LOCKER.foreign_access_point_id,
      name: LOCKER.name,
      street: LOCKER.street,
      houseNumber: LOCKER.house_number,
      postalCode: LOCKER.postal_code,
      city: LOCKER.city,
      status: "Operating",
    })
    .onConflictDoNothing();
  const [plain] = await db
    .insert(products)
    .values({
      title: `Kocyk ${counter}`,
      slug: `kocyk-${counter}`,
      priceGrosze: 4_000,
      quantity: options.plainQuantity ?? 20,
      vatRate: 23,
    })
    .returning({ id: products.id });
  const [variantProduct] = await db
    .insert(products)
    .values({
      title: `Śpiworek ${counter}`,
      slug: `spiworek-${counter}`,
      priceGrosze: 9_000,
      quantity: 0,
      vatRate: 8,
      processingTime: "3-6",
    })
    .returning({ id: products.id });
  const [hidden] = await db
    .insert(products)
    .values({
      title: `Ukryty ${counter}`,
      slug: `ukryty-${counter}`,
      priceGrosze: 1_000,
      quantity: 5,
      isHidden: true,
    })
    .returning({ id: products.id });
  const [field] = await db
    .insert(productFields)
    .values({ title: "Kolor", changePrice: true })
    .returning({ id: productFields.id });
  if (!plain || !variantProduct || !hidden || !field) throw new Error("fixture insert failed");
  const [pinkOption, blueOption] = await db
    .insert(fieldOptions)
    .values([
      { fieldId: field.id, title: "różowy", position: 0 },
      { fieldId: field.id, title: "niebieski", position: 1 },
    ])
    .returning({ id: fieldOptions.id });
  if (!pinkOption || !blueOption) throw new Error("fixture insert failed");
  await db.insert(productFieldLinks).values({ productId: variantProduct.id, fieldId: field.id });
  const [pink, blue] = await db
    .insert(productVariants)
    .values([
      {
        productId: variantProduct.id,
        fields: { [String(field.id)]: pinkOption.id },
        variantKey: String(pinkOption.id),
        priceGrosze: 9_000,
        promotionalPriceGrosze: 7_500,
        quantity: options.pinkQuantity ?? 10,
      },
      {
        productId: variantProduct.id,
        fields: { [String(field.id)]: blueOption.id },
        variantKey: String(blueOption.id),
        priceGrosze: 9_500,
        quantity: 4,
        position: 1,
      },
    ])
    .returning({ id: productVariants.id });
  if (!pink || !blue) throw new Error("fixture insert failed");
  const now = Date.now();
  const [percentCoupon, limitedCoupon] = await db
    .insert(coupons)
    .values([
      {
        code: `RABAT${counter}`,
        discountType: "percent",
        discountValue: 10,
        startDate: new Date(now - 86_400_000),
        endDate: new Date(now + 86_400_000),
      },
      {
        code: `LIMIT${counter}`,
        discountType: "fixed",
        discountValue: 500,
        startDate: new Date(now - 86_400_000),
        endDate: new Date(now + 86_400_000),
        usageLimit: options.couponLimit ?? 5,
      },
    ])
    .returning({ id: coupons.id, code: coupons.code });
  if (!percentCoupon || !limitedCoupon) throw new Error("fixture insert failed");
  return {
    plain: { id: plain.id, priceGrosze: 4_000 },
    variantProduct: {
      id: variantProduct.id,
      fieldId: field.id,
      pink: { optionId: pinkOption.id, variantId: pink.id, priceGrosze: 7_500 },
      blue: { optionId: blueOption.id, variantId: blue.id, priceGrosze: 9_500 },
    },
    hidden: { id: hidden.id },
    percentCoupon,
    limitedCoupon,
  };
}

export const RECIPIENT = {
  displayName: "Anna Kowalska",
  email: "anna@example.com",
  phone: "600 100 200",
  postCode: "00-001",
  city: "Warszawa",
  street: "Marszałkowska 1",
  nip: "",
};

export const INVOICE_DATA = {
  displayName: "Anna Kowalska",
  email: "",
  phone: "",
  postCode: "00-001",
  city: "Warszawa",
  street: "Marszałkowska 1",
  nip: "",
};

export const LOCKER = {
  foreign_access_point_id: "WAW01M",
  name: "WAW01M",
  street: "Marszałkowska",
  house_number: "10",
  flat_number: null,
  postal_code: "00-001",
  city: "Warszawa",
};

/** A valid guest order body; `priceGrosze` must be the server's total. */
export function orderBody(
  overrides: Partial<OrderCreateInput> & Pick<OrderCreateInput, "cart" | "priceGrosze">,
): OrderCreateInput {
  return {
    delivery: "parcel-locker",
    coupon: null,
    recipient: RECIPIENT,
    invoiceData: INVOICE_DATA,
    deliveryPoint: LOCKER,
    acceptTermsAndConditions: true,
    maxProcessingTime: "1-2",
    ...overrides,
  };
}

/**
 * Places a guest order of `cart` at the server's price: a first post with a wrong total answers the
 * server's (409 order/price-changed with details.totalGrosze), the second one places the order.
 */
export async function placeOrderAtServerPrice(
  app: FastifyInstance,
  overrides: Partial<OrderCreateInput> & Pick<OrderCreateInput, "cart">,
): Promise<LightMyRequestResponse> {
  const post = (priceGrosze: number) =>
    app.inject({ method: "POST", url: "/api/orders", payload: orderBody({ ...overrides, priceGrosze }) });
  const quote = await post(0);
  return post(quote.json().details.totalGrosze);
}

/** A product's stock now (its own quantity, not its variants'). */
export async function productQuantity(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ q: products.quantity }).from(products).where(eq(products.id, productId));
  return row?.q ?? -1;
}
