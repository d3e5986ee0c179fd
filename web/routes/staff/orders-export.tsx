import { shopDay } from "../../../domain/shop-time";
import { redirectWithFlash } from "../../lib/flash.server";
import { requireStaff } from "../../lib/staff.server";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/orders-export";

// GET /konto/sklep/zamowienia/eksport?od=&do=&format=csv|xlsx (shop staff, issue 29): the
// accountant's file of the orders paid on those Warsaw days (server/areas/orders/orders-export.ts).
// Without days: this month so far. A refused range goes back to the orders list with a toast.

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const today = shopDay(new Date());
  const from = params.get("od") || `${today.slice(0, 8)}01`;
  const to = params.get("do") || (params.get("od") ? from : today);
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const result = await context.services.ordersExport.file(format, {
    od: from.slice(0, 10),
    do: to.slice(0, 10),
  });
  if (!result.ok) {
    return redirectWithFlash(STAFF_SECTIONS.orders, { type: "error", key: "staff.export.invalid" });
  }
  const file = result.value;
  return new Response(typeof file.body === "string" ? file.body : new Uint8Array(file.body), {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
