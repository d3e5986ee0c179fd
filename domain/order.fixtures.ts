// A complete Order for tests of order e-mails and invoices (not used by the application).

import type { Order, OrderCartItem } from "./types";

export function orderItem(overrides: Partial<OrderCartItem> = {}): OrderCartItem {
  const unitPriceGrosze = overrides.unitPriceGrosze ?? 4_999;
  const quantity = overrides.quantity ?? 1;
  return {
    product: 1,
    productTitle: "Kocyk minky Żółty",
    variantTitle: null,
    variantLabel: null,
    variantKeys: {},
    variant: null,
    vatRate: 23,
    ...overrides,
    unitPriceGrosze,
    quantity,
    priceGrosze: overrides.priceGrosze ?? unitPriceGrosze * quantity,
  };
}

/**
 * An order whose figures add up: totalProducts = Σ line prices, price = products + delivery − coupon.
 * Pass `cart`, `deliveryPriceGrosze` and `couponDiscountGrosze` (with `coupon`) to shape the sums.
 */
export function sampleOrder(overrides: Partial<Order> & { deliveryPriceGrosze?: number } = {}): Order {
  const { deliveryPriceGrosze, ...rest } = overrides;
  const cart = rest.cart ?? [
    orderItem({
      productTitle: "Kocyk minky Żółty",
      variantTitle: "Rozmiar",
      variantLabel: "Rozmiar: 75×100",
      unitPriceGrosze: 8_900,
    }),
    orderItem({ product: 2, productTitle: "Śliniak bawełniany", unitPriceGrosze: 1_950, quantity: 2 }),
  ];
  const totalProductsGrosze = cart.reduce((sum, item) => sum + item.priceGrosze, 0);
  const delivery = rest.delivery ?? {
    method: "parcel-locker" as const,
    title: "Paczkomat InPost",
    priceGrosze: deliveryPriceGrosze ?? 0,
  };
  const couponDiscountGrosze = rest.couponDiscountGrosze ?? 0;
  const recipient = rest.recipient ?? {
    displayName: "Zofia Łęcka",
    email: "zofia@example.com",
    phone: "600 100 200",
    postCode: "30-001",
    city: "Kraków",
    street: "ul. Źródlana 5/7",
  };
  return {
    _id: 17,
    orderNumber: "20261121-0007",
    createdAt: "2026-11-21T09:30:00.000Z",
    status: "PAYMENT_CONFIRMED",
    statuses: [],
    cart,
    totalProductsGrosze,
    delivery,
    coupon: null,
    couponDiscountGrosze,
    priceGrosze: totalProductsGrosze + delivery.priceGrosze - couponDiscountGrosze,
    maxProcessingTime: "3-6",
    shipmentNumber: null,
    invoiceUrl: null,
    user: null,
    email: recipient.email,
    recipient,
    invoiceData: { ...recipient, nip: null },
    reservedUntil: null,
    deliveryPoint: {
      foreign_access_point_id: "KRA01M",
      name: "KRA01M",
      street: "Długa",
      house_number: "12",
      flat_number: null,
      postal_code: "31-147",
      city: "Kraków",
    },
    ...rest,
  };
}
