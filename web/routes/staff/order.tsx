import { data, useActionData, useLoaderData } from "react-router";
import { type Lang, orderStatusKey, translate } from "../../../domain/i18n";
import { parsePriceToGrosze } from "../../../domain/money";
import { allowedModeratorActions, isPaid, isRefundOwed } from "../../../domain/order-status";
import { idFromTextSchema } from "../../../domain/validation/common";
import type { FieldError } from "../../../domain/validation/errors";
import type { Failure } from "../../../server/web-door";
import { OrderCard } from "../../components/order-card";
import { StaffBackLink, StaffNotFound } from "../../components/staff/back-link";
import { OrderShipment } from "../../components/staff/order-shipment";
import { ShipmentForm } from "../../components/staff/orders/shipment-form";
import { StatusActions, type StatusIntent } from "../../components/staff/orders/status-actions";
import { errorMessageKey } from "../../lib/auth.server";
import type { FlashInput } from "../../lib/flash";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags, pageTitle } from "../../lib/meta";
import { requireStaff } from "../../lib/staff.server";
import { STAFF_SECTIONS, staffOrderPath } from "../../lib/staff-paths";
import type { Route } from "./+types/order";
import { OrderAfterSale } from "./order-after-sale";
import { orderShipmentAction } from "./order-shipment.server";

// /konto/sklep/zamowienia/{id} (shop staff): the full order card with the moderator's actions: the
// shipment number entry (hidden when canceled or delivered) and mark delivered / cancel, shown
// only when domain/order-status.ts allows them (SPEC §4). Every change goes through the order-staff
// service (audited); failures come back as a toast "Błąd: …".

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  const tags = metaTags(lang, "staff.segment.zamowienia");
  if (loaderData?.order) {
    tags[0] = {
      title: pageTitle(translate(lang, "order.viewTitle", { orderNumber: loaderData.order.orderNumber })),
    };
  }
  return [...tags, { name: "robots", content: "noindex" }];
}

function orderId(params: { id?: string }): number {
  const id = idFromTextSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const order = await context.services.orders.getById(orderId(params));
  if (!order) throw data(null, { status: 404 });
  // after the sale (issue 27): the order's cases and refunds, and money owed back ("Do zwrotu")
  const cases = await context.services.returnsDesk.listForOrder(order._id);
  const refunds = await context.services.refunds.listForOrder(order._id);
  const owed = isRefundOwed(order.statuses)
    ? await context.services.refunds.propose({ orderId: order._id, caseId: null, reason: "refund-owed" })
    : null;
  return {
    order,
    actions: allowedModeratorActions(order.status),
    paid: isPaid(order.statuses),
    cases,
    refunds,
    owed: owed?.ok ? owed.value : null,
    shipments: await context.services.shipments.listForOrder(order._id),
    crumb: order.orderNumber,
  };
}

type ActionData =
  | { confirm: StatusIntent }
  | { shipmentError: FieldError; shipmentNumber: string }
  | { refundError: FieldError; amount: string }
  | undefined;

/** The toast of a refused change; a status conflict names the order's status in the reader's language. */
function refusal(lang: Lang, failure: Failure): FlashInput {
  const status = failure.details?.status;
  const params = typeof status === "string" ? { status: translate(lang, orderStatusKey(status)) } : undefined;
  return {
    type: "error",
    key: errorMessageKey(failure.code),
    errorPrefix: true,
    ...(params ? { params } : {}),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const id = orderId(params);
  const path = staffOrderPath(id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const shipped = await orderShipmentAction(context, user, id, intent, form);
  if (shipped) return shipped;
  if (intent === "shipment") {
    const shipmentNumber = String(form.get("shipmentNumber") ?? "");
    const result = await context.services.orderStaff.addShipmentNumber(user, id, { shipmentNumber });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "success.shipmentNumberAdded" });
    const fieldError = result.fields?.shipmentNumber;
    if (result.code === "validation" && fieldError) {
      return data<ActionData>({ shipmentError: fieldError, shipmentNumber }, { status: 400 });
    }
    return redirectWithFlash(path, refusal(context.lang, result));
  }
  if (intent === "refund-owed") {
    const amount = String(form.get("amount") ?? "").slice(0, 20);
    const grosze = parsePriceToGrosze(amount);
    const result =
      grosze === null
        ? null
        : await context.services.refunds.startRefund(user, id, {
            amountGrosze: grosze,
            reason: "refund-owed",
          });
    if (result?.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.refundStarted" });
    if (!result || result.code === "validation") {
      const refundError = result?.fields?.amountGrosze ?? { key: "validation.number" as const };
      return data<ActionData>({ refundError, amount }, { status: 400 });
    }
    return redirectWithFlash(path, refusal(context.lang, result));
  }
  if (intent === "deliver" || intent === "cancel") {
    // without JavaScript the first post only asks (the second page step of the confirmation)
    if (form.get("confirmed") !== "1") return data<ActionData>({ confirm: intent });
    const status = intent === "deliver" ? "PARCEL_DELIVERED" : "CANCELED";
    const result = await context.services.orderStaff.addStatus(user, id, { status });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "success.orderStatusUpdated" });
    return redirectWithFlash(path, refusal(context.lang, result));
  }
  return redirectWithFlash(path, { type: "error", key: "errors.formContainsErrors", errorPrefix: true });
}

function BackLink() {
  const t = useT();
  return <StaffBackLink to={STAFF_SECTIONS.orders} label={t("staff.orders.backToList")} />;
}

export default function StaffOrder() {
  const { order, actions, paid, cases, refunds, owed, shipments } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData;
  const refundAnswer = answer && "refundError" in answer ? answer : null;
  const asking = answer && "confirm" in answer ? answer.confirm : null;
  const shipment = answer && "shipmentError" in answer ? answer : null;
  const hasActions = actions.shipmentNumber || actions.markDelivered || actions.cancel;
  return (
    <div className="space-y-4">
      <BackLink />
      <OrderCard order={order} mode="full" headingLevel={1} viewerIsModerator>
        {hasActions ? (
          <div className="space-y-5">
            {actions.shipmentNumber ? (
              <ShipmentForm
                // a new number on the order starts an empty field
                key={order.shipmentNumber ?? ""}
                previous={order.shipmentNumber}
                error={shipment?.shipmentError}
                value={shipment?.shipmentNumber}
              />
            ) : null}
            <StatusActions
              orderNumber={order.orderNumber}
              markDelivered={actions.markDelivered}
              cancel={actions.cancel}
              cancelRefunds={paid}
              asking={asking}
            />
          </div>
        ) : null}
      </OrderCard>
      <OrderShipment order={order} shipments={shipments} />
      <OrderAfterSale
        cases={cases}
        refunds={refunds}
        owed={owed}
        typed={refundAnswer ? { amount: refundAnswer.amount, error: refundAnswer.refundError } : null}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <StaffNotFound
      to={STAFF_SECTIONS.orders}
      label={t("staff.orders.backToList")}
      title={t("order.notFound")}
    />
  );
}
