import type { AppLoadContext } from "react-router";
import type { PublicUser } from "../../../domain/types";
import type { Failure } from "../../../server/web-door";
import { errorMessageKey } from "../../lib/auth.server";
import type { FlashInput } from "../../lib/flash";
import { redirectWithFlash } from "../../lib/flash.server";
import { requireStaff } from "../../lib/staff.server";
import { STAFF_SECTIONS, staffOrderPath } from "../../lib/staff-paths";

// The shipment posts of the staff order page and the orders list (issue 29): create, cancel, the demo
// carrier's next status, and the list's "Utwórz przesyłki" for the orders ticked. Each ends in a
// redirect with a toast; a refusal names the carrier's words where it has them.

/** The toast of a refused shipment step (its params, e.g. the carrier's message, when it has them). */
function refusal(failure: Failure): FlashInput {
  const raw = failure.details?.params;
  const params =
    raw && typeof raw === "object"
      ? Object.fromEntries(
          Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        )
      : undefined;
  return {
    type: "error",
    key: errorMessageKey(failure.code),
    errorPrefix: true,
    ...(params ? { params } : {}),
  };
}

/** The order page's shipment intents (web/components/staff/order-shipment.tsx); null for another intent. */
export async function orderShipmentAction(
  context: AppLoadContext,
  user: PublicUser,
  orderId: number,
  intent: string,
  form: FormData,
): Promise<Response | null> {
  const { shipments } = context.services;
  const path = staffOrderPath(orderId);
  if (intent === "shipment-create") {
    const size = String(form.get("parcelSize") ?? "");
    const result = await shipments.create(user, {
      orderIds: [orderId],
      ...(size === "A" || size === "B" || size === "C" ? { parcelSize: size } : {}),
    });
    if (!result.ok) return redirectWithFlash(path, refusal(result));
    return redirectWithFlash(path, { type: "success", key: "staff.shipment.created" });
  }
  if (intent === "shipment-cancel") {
    const result = await shipments.cancel(user, orderId);
    if (!result.ok) return redirectWithFlash(path, refusal(result));
    return redirectWithFlash(path, { type: "success", key: "staff.shipment.canceled" });
  }
  if (intent === "shipment-demo-next") {
    const result = await shipments.advanceDemo(user, orderId);
    if (!result.ok) return redirectWithFlash(path, refusal(result));
    return redirectWithFlash(path, { type: "success", key: "staff.shipment.demoAdvanced" });
  }
  return null;
}

/** The orders list's "Utwórz przesyłki" for the orders ticked (`id`, repeated): back to the same list. */
export async function bulkShipmentsAction({
  context,
  request,
}: {
  context: AppLoadContext;
  request: Request;
}) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const back = `${STAFF_SECTIONS.orders}${new URL(request.url).search}`;
  const orderIds = form
    .getAll("id")
    .slice(0, 100)
    .map((value) => Number(value))
    .filter((id) => Number.isInteger(id) && id > 0);
  if (orderIds.length === 0)
    return redirectWithFlash(back, { type: "error", key: "staff.orders.noneSelected" });
  const result = await context.services.shipments.create(user, { orderIds });
  if (!result.ok) return redirectWithFlash(back, refusal(result));
  return redirectWithFlash(back, {
    type: result.value.skipped.length > 0 ? "info" : "success",
    key: "staff.orders.shipmentsCreated",
    params: { created: result.value.created.length, skipped: result.value.skipped.length },
  });
}
