import { type AppLoadContext, data } from "react-router";
import type { Order } from "../../../domain/types";
import { withdrawalStatementSchema } from "../../../domain/validation/after-sale";
import { idFromTextSchema } from "../../../domain/validation/common";
import { type FieldError, parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { WithdrawalForm } from "../../../server/web-door";
import { requireUser } from "../../lib/auth.server";
import { NO_STORE } from "../../lib/checkout.server";
import { findOrder, lookupFromUrl } from "../../lib/checkout-order.server";
import { quantityField } from "./withdrawal-values";

// The withdrawal page's server side (issue 27): which order the page is about, and the posted form
// turned into the statement the service parses (domain/validation/after-sale.ts, the API's schema).
// - ?zamowienie={id}: the signed-in customer's own order (signing in first when needed);
// - ?orderNumber=…&email=…: the guest lookup of the order view (rate-limited, same "not found");
// - neither: the page asks for the number and the e-mail.
// The form posts one quantity per order line (`qty-{lineId}`, 0 = kept); lines at 0 are left out.

export type OrderAccess = { kind: "none" } | { kind: "not-found" } | { kind: "found"; order: Order };

export async function orderFromUrl(context: AppLoadContext, request: Request): Promise<OrderAccess> {
  const url = new URL(request.url);
  const own = url.searchParams.get("zamowienie");
  if (own !== null) {
    const user = requireUser(context, request);
    const id = idFromTextSchema.safeParse(own);
    const order = id.success ? await context.services.orders.getForUser(user._id, id.data) : null;
    return order ? { kind: "found", order } : { kind: "not-found" };
  }
  const lookup = lookupFromUrl(request);
  if (!lookup) {
    const asked = url.searchParams.has("orderNumber") || url.searchParams.has("email");
    return asked ? { kind: "not-found" } : { kind: "none" };
  }
  const order = await findOrder(context, lookup);
  return order ? { kind: "found", order } : { kind: "not-found" };
}

/** What the form posts back (text values) to fill it again. */
export type StatementValues = Record<string, string>;

export function statementValues(form: FormData): StatementValues {
  const values: StatementValues = {};
  for (const [name, value] of form.entries()) {
    if (
      typeof value === "string" &&
      (/^(name|email|reason|submissionKey)$/.test(name) || /^qty-\d+$/.test(name))
    )
      values[name] = value.slice(0, 5_000);
  }
  return values;
}

/** The statement body of the posted values (the order's number from the order itself). */
export function statementBody(values: StatementValues, form: WithdrawalForm) {
  const chosen = form.lines
    .map((line) => ({ lineId: line.lineId, quantity: (values[quantityField(line.lineId)] ?? "").trim() }))
    .filter((line) => line.quantity !== "" && line.quantity !== "0");
  return {
    body: {
      name: values.name ?? "",
      email: values.email ?? "",
      orderNumber: form.order.orderNumber,
      lines: chosen,
      reason: values.reason ?? "",
      submissionKey: values.submissionKey ?? "",
    },
    lineIds: chosen.map((line) => line.lineId),
  };
}

/**
 * Step one checked: the schema's errors (a line's error under its quantity field, "none chosen" under
 * `lines`) and more units than are left; null when the statement may be shown for confirmation.
 */
export function checkStatement(
  values: StatementValues,
  form: WithdrawalForm,
): Record<string, FieldError> | null {
  const { body, lineIds } = statementBody(values, form);
  const parsed = parseForm(withdrawalStatementSchema, body);
  const errors: Record<string, FieldError> = {};
  if (!parsed.ok) {
    for (const [path, error] of Object.entries(parsed.errors)) {
      const line = /^lines\.(\d+)\./.exec(path);
      const lineId = line ? lineIds[Number(line[1])] : undefined;
      const field = lineId !== undefined ? quantityField(lineId) : path.startsWith("lines") ? "lines" : path;
      errors[field] ??= error;
    }
  }
  for (const line of form.lines) {
    const wanted = Number((values[quantityField(line.lineId)] ?? "").trim());
    if (Number.isInteger(wanted) && wanted > line.withdrawable) {
      errors[quantityField(line.lineId)] ??= {
        key: MSG.maxValue,
        params: { max: line.withdrawable },
      };
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Where "Wróć do zamówienia" leads: the customer's purchase page or the guest order view. */
function orderPathOf(request: Request, order: { _id: number; orderNumber: string; email: string }): string {
  const url = new URL(request.url);
  if (url.searchParams.has("zamowienie")) return `/konto/zakupy/${order._id}`;
  return `/zamowienie?orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`;
}

/** The withdrawal and complaint pages' loader: the lookup form, or the order's form with a fresh submission key. */
export async function afterSaleFormLoader(context: AppLoadContext, request: Request) {
  const access = await orderFromUrl(context, request);
  const url = new URL(request.url);
  if (access.kind !== "found") {
    return data(
      {
        form: null,
        notFound: access.kind === "not-found",
        lookup: {
          orderNumber: (url.searchParams.get("orderNumber") ?? "").slice(0, 64),
          email: (url.searchParams.get("email") ?? "").slice(0, 254),
        },
        submissionKey: "",
        orderPath: "",
      },
      { status: access.kind === "not-found" ? 404 : 200, headers: NO_STORE },
    );
  }
  const form = await context.services.withdrawals.formFor(access.order);
  return data(
    {
      form,
      notFound: false,
      lookup: null,
      submissionKey: crypto.randomUUID(),
      orderPath: orderPathOf(request, access.order),
    },
    { headers: NO_STORE },
  );
}
