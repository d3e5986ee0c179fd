import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { ERROR_CODES } from "../../../server/web-door";
import { NO_STORE } from "../../lib/checkout.server";
import { useLang, useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/withdrawal";
import {
  afterSaleFormLoader,
  checkStatement,
  orderFromUrl,
  type StatementValues,
  statementBody,
  statementValues,
} from "./withdrawal.server";
import { WithdrawalLookup } from "./withdrawal-lookup";
import { WithdrawalReceived } from "./withdrawal-received";
import { WithdrawalReview } from "./withdrawal-review";
import { WithdrawalStepOne } from "./withdrawal-step-one";
import { quantityField } from "./withdrawal-values";
import "../../lib/after-sale-texts";

// /odstapienie-od-umowy (issue 27, "The withdrawal function"): without an order, the guest names it
// by number and e-mail (the order view's rate-limited lookup); with one (?orderNumber=&email=, or a
// signed-in customer's ?zamowienie={id}) step one asks only for the name, the items and quantities
// (all by default), the e-mail for the confirmation and an optional reason; step two shows the
// statement with the separate "Potwierdź odstąpienie od umowy"; then the acknowledgement. The
// submission key is made with step one and carried through, so a double click or a reload of the
// confirmation makes one statement. Without JavaScript every step is a plain form post.

export function meta({ matches }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  return [...metaTags(lang, "afterSale.withdrawalTitle"), { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return afterSaleFormLoader(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  const access = await orderFromUrl(context, request);
  if (access.kind !== "found") throw data(null, { status: 404 });
  const form = await context.services.withdrawals.formFor(access.order);
  const posted = await request.formData();
  const intent = posted.get("intent");
  const values = statementValues(posted);
  if (intent === "review") {
    const errors = checkStatement(values, form);
    if (errors) {
      return data(
        { step: "edit" as const, values, errors, formError: "errors.formContainsErrors" },
        { status: 400 },
      );
    }
    return { step: "review" as const, values };
  }
  if (intent === "confirm") {
    const url = new URL(request.url);
    const result = await context.services.withdrawals.withdraw({
      body: statementBody(values, form).body,
      user: context.user,
      ip: context.ip,
      lang: context.lang,
      lookupEmail: url.searchParams.get("email") ?? undefined,
    });
    if (result.ok) return { step: "done" as const, receipt: result.value };
    const entry = ERROR_CODES[result.code];
    if (result.code === "validation") {
      return data(
        {
          step: "edit" as const,
          values,
          errors: checkStatement(values, form) ?? {},
          formError: "errors.formContainsErrors",
        },
        { status: entry.status },
      );
    }
    const params = (result.details?.params ?? undefined) as Record<string, string | number> | undefined;
    return data(
      { step: "review" as const, values, failure: { key: entry.key, params } },
      { status: entry.status },
    );
  }
  return { step: "edit" as const, values };
}

/** Step one's starting values: the order's name and e-mail, every unit left. */
function initialValues(form: NonNullable<Route.ComponentProps["loaderData"]["form"]>, key: string) {
  const values: StatementValues = {
    name: form.order.name,
    email: form.order.email,
    reason: "",
    submissionKey: key,
  };
  for (const line of form.lines) values[quantityField(line.lineId)] = String(line.withdrawable);
  return values;
}

export default function Withdrawal({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { form, submissionKey, orderPath } = loaderData;
  let content: ReactNode;
  if (!form) {
    content = <WithdrawalLookup notFound={loaderData.notFound} values={loaderData.lookup} />;
  } else if (actionData?.step === "done") {
    content = <WithdrawalReceived receipt={actionData.receipt} orderPath={orderPath} />;
  } else if (!form.window.open) {
    content = (
      <p className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {form.window.reason === "ended" && form.window.endsAt
          ? t("afterSale.periodEnded", { date: formatDate(lang, form.window.endsAt) })
          : t("errors.after-sale/withdrawal-unavailable")}
      </p>
    );
  } else if (form.lines.every((line) => line.withdrawable === 0)) {
    content = (
      <p className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">{t("afterSale.nothingLeft")}</p>
    );
  } else if (actionData?.step === "review") {
    content = (
      <WithdrawalReview
        form={form}
        values={actionData.values}
        failure={"failure" in actionData ? actionData.failure : undefined}
      />
    );
  } else {
    const edit = actionData?.step === "edit" ? actionData : undefined;
    content = (
      <WithdrawalStepOne
        form={form}
        values={edit?.values ?? initialValues(form, submissionKey)}
        errors={edit && "errors" in edit ? edit.errors : undefined}
        formError={edit && "formError" in edit ? edit.formError : undefined}
      />
    );
  }
  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <div className="mx-auto max-w-2xl space-y-5">
        {orderPath ? (
          <Link
            to={orderPath}
            className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
          >
            ← {t("afterSale.backToOrder")}
          </Link>
        ) : null}
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{t("afterSale.withdrawalTitle")}</h1>
        {content}
      </div>
    </div>
  );
}
