import { describe, expect, it } from "vitest";
import {
  allowedModeratorActions,
  canAppendStatus,
  canTransition,
  currentStatus,
  historyForDisplay,
  isAwaitingPayment,
  isDelivered,
  isOrderStatus,
  isRefundOwed,
  KNOWN_ORDER_STATUSES,
  type ModeratorActions,
  payableUntil,
  REFUND_OWED_RETURNED,
  type ResultView,
  resultView,
  type StatusColour,
  type StatusEntry,
  statusColour,
  TRANSITIONS,
} from "./order-status";

describe("isOrderStatus", () => {
  it.each<[string, boolean]>([
    ["NEW", true],
    ["PAYMENT_CONFIRMED", true],
    ["CANCELED", true],
    ["ERROR", true],
    ["ERROR_PAYMENT_REGISTER", true],
    ["INPOST_delivered", true],
    ["INPOST_out_for_delivery", true],
    ["INPOST_", false],
    ["CANCELLED", false],
    ["new", false],
    ["", false],
  ])("%j -> %s", (status, ok) => {
    expect(isOrderStatus(status)).toBe(ok);
  });
});

describe("TRANSITIONS table", () => {
  it("has an entry for every known status", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...KNOWN_ORDER_STATUSES].sort());
  });

  it("only points at known statuses", () => {
    for (const targets of Object.values(TRANSITIONS)) {
      for (const target of targets) expect(KNOWN_ORDER_STATUSES).toContain(target);
    }
  });
});

describe("canTransition", () => {
  it.each<[string, string, boolean]>([
    // from NEW
    ["NEW", "PAYMENT_NEW", true],
    ["NEW", "PAYMENT_PENDING", true],
    ["NEW", "PAYMENT_CONFIRMED", true],
    ["NEW", "PAYMENT_ERROR", true],
    ["NEW", "CANCELED", true],
    ["NEW", "SHIPMENT_NUMBER_ADDED", false],
    ["NEW", "PARCEL_DELIVERED", false],
    ["NEW", "INPOST_delivered", false],
    ["NEW", "NEW", false],
    // payment progress
    ["PAYMENT_NEW", "PAYMENT_PENDING", true],
    ["PAYMENT_NEW", "PAYMENT_NEW", true],
    ["PAYMENT_NEW", "NEW", false],
    ["PAYMENT_PENDING", "PAYMENT_CONFIRMED", true],
    ["PAYMENT_PENDING", "PAYMENT_ERROR", true],
    ["PAYMENT_PENDING", "PAYMENT_NEW", false],
    ["PAYMENT_PENDING", "NEW", false],
    ["PAYMENT_PENDING", "CANCELED", true],
    // retry after an error
    ["PAYMENT_ERROR", "PAYMENT_NEW", true],
    ["PAYMENT_ERROR", "PAYMENT_CONFIRMED", true],
    ["PAYMENT_ERROR", "PAYMENT_PENDING", false],
    ["PAYMENT_ERROR", "CANCELED", true],
    // confirmed never goes back (out-of-order notifications)
    ["PAYMENT_CONFIRMED", "PAYMENT_PENDING", false],
    ["PAYMENT_CONFIRMED", "PAYMENT_NEW", false],
    ["PAYMENT_CONFIRMED", "NEW", false],
    ["PAYMENT_CONFIRMED", "PAYMENT_ERROR", false],
    ["PAYMENT_CONFIRMED", "PAYMENT_CONFIRMED", false],
    // staff cancel a paid order before it ships (refunded in full, issue 27)
    ["PAYMENT_CONFIRMED", "CANCELED", true],
    ["PACKING", "CANCELED", true],
    ["SHIPMENT_NUMBER_ADDED", "CANCELED", false],
    // fulfilment
    ["PAYMENT_CONFIRMED", "SHIPMENT_NUMBER_ADDED", true],
    ["PAYMENT_CONFIRMED", "PACKING", true],
    ["PAYMENT_CONFIRMED", "IN_DELIVERY", true],
    ["PAYMENT_CONFIRMED", "PARCEL_DELIVERED", true],
    ["PAYMENT_CONFIRMED", "PARCEL_RECEIVED", true],
    ["PAYMENT_CONFIRMED", "INPOST_confirmed", true],
    ["SHIPMENT_NUMBER_ADDED", "SHIPMENT_NUMBER_ADDED", true],
    ["SHIPMENT_NUMBER_ADDED", "INPOST_out_for_delivery", true],
    ["SHIPMENT_NUMBER_ADDED", "PAYMENT_PENDING", false],
    ["PACKING", "SHIPMENT_NUMBER_ADDED", true],
    ["PACKING", "PACKING", false],
    ["IN_DELIVERY", "PARCEL_DELIVERED", true],
    ["IN_DELIVERY", "PACKING", false],
    ["IN_DELIVERY", "CANCELED", false],
    // carrier statuses
    ["INPOST_confirmed", "INPOST_delivered", true],
    ["INPOST_confirmed", "INPOST_confirmed", false],
    ["INPOST_confirmed", "PARCEL_DELIVERED", true],
    ["INPOST_confirmed", "SHIPMENT_NUMBER_ADDED", true],
    ["INPOST_confirmed", "CANCELED", false],
    ["INPOST_confirmed", "PAYMENT_CONFIRMED", false],
    ["PAYMENT_PENDING", "INPOST_confirmed", false],
    // terminal
    ["CANCELED", "PAYMENT_CONFIRMED", false],
    ["CANCELED", "PARCEL_DELIVERED", false],
    ["CANCELED", "ERROR_X", false],
    ["PARCEL_DELIVERED", "CANCELED", false],
    ["PARCEL_DELIVERED", "SHIPMENT_NUMBER_ADDED", false],
    ["PARCEL_RECEIVED", "PARCEL_DELIVERED", false],
    ["INPOST_delivered", "PARCEL_DELIVERED", false],
    ["INPOST_delivered", "INPOST_returned", false],
    // error annotations
    ["NEW", "ERROR_PAYMENT_REGISTER", true],
    ["PAYMENT_CONFIRMED", "ERROR_INVOICE", true],
    ["ERROR_PAYMENT_REGISTER", "PAYMENT_NEW", true],
    ["ERROR_PAYMENT_REGISTER", "SHIPMENT_NUMBER_ADDED", false],
    // unknown statuses
    ["NEW", "SHIPPED", false],
    ["SHIPPED", "CANCELED", false],
  ])("%s -> %s: %s", (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });
});

const entry = (status: string, minute: number, hidden = false): StatusEntry => ({
  status,
  createdAt: `2025-05-15T12:${String(minute).padStart(2, "0")}:00.000Z`,
  hidden,
});

describe("canAppendStatus", () => {
  it.each<[string, StatusEntry[], string, boolean]>([
    ["first status NEW", [], "NEW", true],
    ["NEW twice", [entry("NEW", 0)], "NEW", false],
    ["payment starts", [entry("NEW", 0)], "PAYMENT_NEW", true],
    [
      "after an error annotation the last real status counts",
      [entry("NEW", 0), entry("PAYMENT_CONFIRMED", 1), entry("ERROR_INVOICE", 2)],
      "SHIPMENT_NUMBER_ADDED",
      true,
    ],
    ["error-only history behaves like NEW", [entry("ERROR_PAYMENT_REGISTER", 0)], "PAYMENT_NEW", true],
    [
      "history is sorted by time first",
      [entry("PAYMENT_CONFIRMED", 5), entry("NEW", 0)],
      "PAYMENT_PENDING",
      false,
    ],
    [
      "nothing after cancel",
      [entry("NEW", 0), entry("CANCELED", 1), entry("ERROR_X", 2)],
      "PAYMENT_CONFIRMED",
      false,
    ],
    [
      "nothing after delivery",
      [entry("PAYMENT_CONFIRMED", 0), entry("INPOST_delivered", 1)],
      "ERROR_X",
      false,
    ],
    [
      "unpaid order cannot be marked delivered",
      [entry("NEW", 0), entry("PAYMENT_NEW", 1)],
      "PARCEL_DELIVERED",
      false,
    ],
    [
      "paid order can be marked delivered",
      [entry("NEW", 0), entry("PAYMENT_CONFIRMED", 1)],
      "PARCEL_DELIVERED",
      true,
    ],
  ])("%s", (_name, statuses, next, allowed) => {
    expect(canAppendStatus(statuses, next)).toBe(allowed);
  });
});

describe("currentStatus", () => {
  it.each<[StatusEntry[], string | null]>([
    [[], null],
    [[entry("NEW", 0)], "NEW"],
    [[entry("PAYMENT_PENDING", 3), entry("NEW", 0), entry("PAYMENT_NEW", 1)], "PAYMENT_PENDING"],
  ])("%#", (statuses, current) => {
    expect(currentStatus(statuses)).toBe(current);
  });
});

describe("isDelivered / isAwaitingPayment", () => {
  it.each<[string[], boolean]>([
    [["NEW", "PAYMENT_CONFIRMED", "PARCEL_RECEIVED"], true],
    [["PAYMENT_CONFIRMED", "PARCEL_DELIVERED"], true],
    [["PAYMENT_CONFIRMED", "INPOST_delivered"], true],
    [["PAYMENT_CONFIRMED", "INPOST_out_for_delivery", "IN_DELIVERY"], false],
    [[], false],
  ])("isDelivered %j -> %s", (statuses, delivered) => {
    expect(isDelivered(statuses.map((status) => ({ status })))).toBe(delivered);
  });

  it.each<[string, boolean]>([
    ["NEW", true],
    ["PAYMENT_NEW", true],
    ["PAYMENT_PENDING", true],
    ["PAYMENT_CONFIRMED", false],
    ["PAYMENT_ERROR", false],
    ["CANCELED", false],
  ])("isAwaitingPayment %s -> %s", (status, awaiting) => {
    expect(isAwaitingPayment(status)).toBe(awaiting);
  });
});

describe("historyForDisplay", () => {
  const history = [
    entry("PAYMENT_CONFIRMED", 2),
    entry("NEW", 0),
    entry("PAYMENT_NEW", 1, true),
    entry("SHIPMENT_NUMBER_ADDED", 3),
  ];
  const delivered = [...history, entry("PARCEL_DELIVERED", 4), entry("ERROR_LATE_NOTE", 5)];
  it.each<[string, StatusEntry[], "compact" | "full", string[]]>([
    ["full: sorted, hidden omitted", history, "full", ["NEW", "PAYMENT_CONFIRMED", "SHIPMENT_NUMBER_ADDED"]],
    ["compact: latest", history, "compact", ["SHIPMENT_NUMBER_ADDED"]],
    ["compact: delivered wins over later entries", delivered, "compact", ["PARCEL_DELIVERED"]],
    [
      "compact: hidden latest is skipped",
      [entry("NEW", 0), entry("PAYMENT_NEW", 1, true)],
      "compact",
      ["NEW"],
    ],
    ["compact: nothing visible", [entry("NEW", 0, true)], "compact", []],
    ["full: empty", [], "full", []],
  ])("%s", (_name, statuses, mode, expected) => {
    expect(historyForDisplay(statuses, mode).map((e) => e.status)).toEqual(expected);
  });
});

describe("statusColour", () => {
  it.each<[string, StatusColour]>([
    ["ERROR", "red"],
    ["ERROR_PAYMENT_REGISTER", "red"],
    ["PAYMENT_ERROR", "red"],
    ["CANCELED", "red"],
    ["PARCEL_RECEIVED", "green"],
    ["PARCEL_DELIVERED", "green"],
    ["INPOST_delivered", "green"],
    ["NEW", "grey"],
    ["PAYMENT_CONFIRMED", "indigo"],
    ["PAYMENT_PENDING", "indigo"],
    ["SHIPMENT_NUMBER_ADDED", "indigo"],
    ["INPOST_out_for_delivery", "indigo"],
  ])("%s -> %s", (status, colour) => {
    expect(statusColour(status)).toBe(colour);
  });
});

describe("allowedModeratorActions", () => {
  const none: ModeratorActions = { markDelivered: false, cancel: false, shipmentNumber: false };
  const unpaid: ModeratorActions = { markDelivered: false, cancel: true, shipmentNumber: false };
  const paid: ModeratorActions = { markDelivered: true, cancel: false, shipmentNumber: true };
  const paidNotShipped: ModeratorActions = { markDelivered: true, cancel: true, shipmentNumber: true };
  it.each<[string, ModeratorActions]>([
    // unpaid: only cancel (the server refuses delivery and a shipment number before payment)
    ["NEW", unpaid],
    ["PAYMENT_NEW", unpaid],
    ["PAYMENT_PENDING", unpaid],
    ["PAYMENT_ERROR", unpaid],
    ["ERROR_PAYMENT_REGISTER", unpaid],
    // paid, not shipped: cancel with a refund; on its way: no cancel
    ["PAYMENT_CONFIRMED", paidNotShipped],
    ["PACKING", paidNotShipped],
    ["SHIPMENT_NUMBER_ADDED", paid],
    ["IN_DELIVERY", paid],
    ["INPOST_out_for_delivery", paid],
    // terminal: nothing
    ["PARCEL_DELIVERED", none],
    ["PARCEL_RECEIVED", none],
    ["INPOST_delivered", none],
    ["CANCELED", none],
  ])("%s", (status, actions) => {
    expect(allowedModeratorActions(status)).toEqual(actions);
  });

  it.each(["NEW", "PAYMENT_NEW", "PAYMENT_CONFIRMED", "IN_DELIVERY", "INPOST_x", "CANCELED"])(
    "offers for %s exactly what canTransition accepts",
    (status) => {
      const actions = allowedModeratorActions(status);
      expect(actions.markDelivered).toBe(canTransition(status, "PARCEL_DELIVERED"));
      expect(actions.cancel).toBe(canTransition(status, "CANCELED"));
      expect(actions.shipmentNumber).toBe(canTransition(status, "SHIPMENT_NUMBER_ADDED"));
    },
  );
});

describe("resultView", () => {
  it.each<[string, ResultView]>([
    ["PAYMENT_CONFIRMED", "confirmed"],
    ["SHIPMENT_NUMBER_ADDED", "confirmed"],
    ["PACKING", "confirmed"],
    ["PARCEL_DELIVERED", "confirmed"],
    ["INPOST_delivered", "confirmed"],
    ["CANCELED", "canceled"],
    ["NEW", "pending"],
    ["PAYMENT_NEW", "pending"],
    ["PAYMENT_PENDING", "pending"],
    ["PAYMENT_ERROR", "error"],
    ["ERROR_PAYMENT_REGISTER", "error"],
    ["SOMETHING_ELSE", "error"],
  ])("%s -> %s", (status, view) => {
    expect(resultView(status)).toBe(view);
  });
});

describe("payableUntil", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  const later = "2026-11-27T11:00:00.000Z";
  it.each(["NEW", "PAYMENT_NEW", "PAYMENT_PENDING", "PAYMENT_ERROR"])(
    "an unpaid %s order may be paid until its reservation ends",
    (status) => {
      expect(payableUntil({ status, reservedUntil: later }, now)).toBe(later);
    },
  );
  it.each(["PAYMENT_CONFIRMED", "PACKING", "CANCELED", "INPOST_delivered", "ERROR_PAYMENT_REGISTER"])(
    "a %s order is not paid again",
    (status) => {
      expect(payableUntil({ status, reservedUntil: later }, now)).toBeNull();
    },
  );
  it("not once the reservation has ended, nor without one", () => {
    expect(
      payableUntil({ status: "PAYMENT_NEW", reservedUntil: "2026-11-27T09:59:59.000Z" }, now),
    ).toBeNull();
    expect(payableUntil({ status: "PAYMENT_NEW", reservedUntil: now.toISOString() }, now)).toBeNull();
    expect(payableUntil({ status: "PAYMENT_NEW", reservedUntil: null }, now)).toBeNull();
  });
});

describe("isRefundOwed", () => {
  it("is true when money arrived that the order cannot keep, hidden entries included", () => {
    const history = (...statuses: string[]) => statuses.map((status) => ({ status }));
    expect(isRefundOwed(history("NEW", "PAYMENT_NEW", "CANCELED", "ERROR_PAID_AFTER_CANCEL"))).toBe(true);
    expect(isRefundOwed(history("NEW", "PAYMENT_NEW", "ERROR_PAYMENT_AMOUNT"))).toBe(true);
    expect(isRefundOwed(history("NEW", "PAYMENT_NEW", "ERROR_STOCK_SHORTAGE", "PAYMENT_CONFIRMED"))).toBe(
      true,
    );
    expect(isRefundOwed(history("NEW", "PAYMENT_NEW", "PAYMENT_CONFIRMED", "ERROR_PAID_TWICE"))).toBe(true);
    expect(isRefundOwed(history("NEW", "PAYMENT_NEW", "CANCELED"))).toBe(false);
    expect(isRefundOwed(history("NEW", "ERROR_PAYMENT_REGISTER", "PAYMENT_ERROR"))).toBe(false);
  });

  it("ends with a refund of the money owed (REFUND_OWED_RETURNED) and starts again with new money owed", () => {
    const history = (...statuses: string[]) =>
      statuses.map((status, minute) => ({
        status,
        createdAt: new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString(),
      }));
    expect(isRefundOwed(history("NEW", "CANCELED", "ERROR_PAID_AFTER_CANCEL", REFUND_OWED_RETURNED))).toBe(
      false,
    );
    expect(
      isRefundOwed(
        history("PAYMENT_CONFIRMED", "ERROR_PAID_TWICE", REFUND_OWED_RETURNED, "ERROR_PAID_TWICE"),
      ),
    ).toBe(true);
    expect(
      canAppendStatus(history("PAYMENT_CONFIRMED", "ERROR_STOCK_SHORTAGE", REFUND_OWED_RETURNED), "PACKING"),
    ).toBe(true);
  });
});
