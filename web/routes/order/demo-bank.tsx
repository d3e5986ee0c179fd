import { data, Form, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatPrice } from "../../../domain/money";
import { FormAlert, Spinner } from "../../components/form-field";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { ORDER_DONE_PATH } from "../../lib/cart-paths";
import { NO_STORE } from "../../lib/checkout.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/demo-bank";
import "../../lib/checkout-texts";
import { PrimaryLink } from "../../components/primary-link";

// /bramka-demo/{paymentId}: the built-in demo payment gateway (DESIGN.md "Integrations"). It shows
// the amount and the order number; "Zapłać" and "Odrzuć" send a signed notification through the
// same webhook handling as a real provider, then return the shopper to /gotowe. No money moves.
// A payment closed when its order was canceled shows no buttons and says so; its action refuses.

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "checkout.demoBankTitle"),
    { name: "robots", content: "noindex" },
  ];
}

export function headers() {
  return NO_STORE;
}

function resultPath(payment: { orderNumber: string; email: string }): string {
  const query = new URLSearchParams({ orderNumber: payment.orderNumber, email: payment.email });
  return `${ORDER_DONE_PATH}?${query}`;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const payment = await context.services.payments.demoPayment(params.paymentId);
  if (!payment) throw data(null, { status: 404 });
  return data(
    {
      orderNumber: payment.orderNumber,
      amountGrosze: payment.amountGrosze,
      /** a decided payment shows no buttons, only the way back to the order */
      open: !payment.closed && (payment.status === "PAYMENT_NEW" || payment.status === "PAYMENT_PENDING"),
      /** closed because its order was canceled: the bank says it takes no money */
      closed: payment.closed,
      resultPath: resultPath(payment),
    },
    { headers: NO_STORE },
  );
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const decision = form.get("decision");
  if (decision !== "pay" && decision !== "reject") {
    return data({ messageKey: errorMessageKey("validation") }, { status: 400 });
  }
  const result = await context.services.payments.demoDecide(params.paymentId, decision);
  if (!result.ok) {
    return data({ messageKey: errorMessageKey(result.code) }, { status: errorStatus(result.code) });
  }
  return redirect(result.value.returnUrl);
}

const BUTTON =
  "inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold disabled:cursor-wait disabled:opacity-70";

export default function DemoBank() {
  const t = useT();
  const payment = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const navigation = useNavigation();
  const deciding = navigation.state !== "idle" ? navigation.formData?.get("decision") : null;

  return (
    <div className={`${CONTAINER} flex justify-center py-8 sm:py-14`}>
      <section
        aria-labelledby="demo-bank-title"
        className="w-full max-w-md rounded-2xl bg-white p-5 shadow-md ring-1 ring-stone-200 sm:p-8"
      >
        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
          {t("checkout.demoBankLabel")}
        </p>
        <h1 id="demo-bank-title" className="mt-1 font-serif text-2xl font-semibold text-stone-900">
          {t("checkout.demoBankTitle")}
        </h1>
        <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("checkout.demoBankNotice")}
        </p>
        <dl className="mt-5 space-y-3">
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-stone-600">{t("order.number")}</dt>
            <dd className="font-semibold text-stone-900">{payment.orderNumber}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-stone-600">{t("checkout.demoBankAmount")}</dt>
            <dd className="text-2xl font-semibold text-stone-900" data-testid="demo-bank-amount">
              {formatPrice(payment.amountGrosze)}
            </dd>
          </div>
        </dl>
        {failure ? (
          <div className="mt-4">
            <FormAlert message={t(failure.messageKey)} />
          </div>
        ) : null}
        {payment.open ? (
          <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              name="decision"
              value="pay"
              disabled={!!deciding}
              className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {deciding === "pay" ? <Spinner /> : null}
              {t("checkout.demoBankPay")}
            </button>
            <button
              type="submit"
              name="decision"
              value="reject"
              disabled={!!deciding}
              className={`${BUTTON} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`}
            >
              {deciding === "reject" ? <Spinner /> : null}
              {t("checkout.demoBankReject")}
            </button>
          </Form>
        ) : (
          <div className="mt-6">
            <p className="text-sm text-stone-700" role={payment.closed ? "status" : undefined}>
              {t(payment.closed ? "checkout.demoBankClosed" : "checkout.demoBankDecided")}
            </p>
            <PrimaryLink to={payment.resultPath} className="mt-3">
              {t("checkout.demoBankBackToOrder")}
            </PrimaryLink>
          </div>
        )}
      </section>
    </div>
  );
}
