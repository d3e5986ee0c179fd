import { data, Form, Link } from "react-router";
import { COMPLAINT_REMEDIES } from "../../../domain/after-sale-status";
import { formatDate } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { ERROR_CODES } from "../../../server/web-door";
import {
  FieldErrorText,
  FormAlert,
  RequiredLegend,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/form-field";
import { NO_STORE } from "../../lib/checkout.server";
import { useLang, useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/complaint";
import { ComplaintPhotosField } from "./complaint-photos-field";
import { useNavigationPending } from "./use-navigation-pending";
import { afterSaleFormLoader, orderFromUrl } from "./withdrawal.server";
import { WithdrawalLookup } from "./withdrawal-lookup";
import { quantityField } from "./withdrawal-values";
import "../../lib/after-sale-texts";

// /reklamacja (issue 27, complaints): the order found like the withdrawal page's (a guest's number +
// e-mail, or a customer's ?zamowienie={id}); one form: the units complained about, what is wrong,
// the remedy asked for, up to 5 photos; a multipart post (this page alone has a body limit that fits
// the photos, server/http/page-body-limit.ts) sent through the complaints service
// (complaintRequestSchema, the photos checked there), the typed values kept on a refusal; then the
// acknowledgement with the answer deadline.

export function meta({ matches }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  return [...metaTags(lang, "afterSale.complaintTitle"), { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const loaded = await afterSaleFormLoader(context, request);
  const photoMaxMb = Math.round((context.services.config.media.maxUploadBytes / 1024 / 1024) * 10) / 10;
  return data({ ...loaded.data, photoMaxMb }, loaded.init ?? undefined);
}

/** The photos the form carried: each chosen file (an empty input posts one nameless, empty part). */
async function photosOf(posted: FormData) {
  const files = posted.getAll("photos").filter((value): value is File => typeof value !== "string");
  const chosen = files.filter((file) => file.name !== "" || file.size > 0);
  return Promise.all(
    chosen.map(async (file) => ({ filename: file.name, data: Buffer.from(await file.arrayBuffer()) })),
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const access = await orderFromUrl(context, request);
  if (access.kind !== "found") throw data(null, { status: 404 });
  const posted = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of posted.entries()) {
    if (typeof value === "string" && /^(description|remedy|submissionKey|qty-\d+)$/.test(name)) {
      values[name] = value.slice(0, 5_000);
    }
  }
  const lines = Object.entries(values)
    .filter(
      ([name, quantity]) => name.startsWith("qty-") && quantity.trim() !== "" && quantity.trim() !== "0",
    )
    .map(([name, quantity]) => ({ lineId: name.slice(4), quantity: quantity.trim() }));
  const photos = await photosOf(posted);
  const result = await context.services.complaints.complain({
    body: {
      orderNumber: access.order.orderNumber,
      email: access.order.email,
      lines,
      description: values.description ?? "",
      remedy: values.remedy ?? "",
      submissionKey: values.submissionKey ?? "",
    },
    user: context.user,
    ip: context.ip,
    lang: context.lang,
    photos,
  });
  if (result.ok) return { done: true as const, answerDeadline: result.value.answerDeadline };
  const entry = ERROR_CODES[result.code];
  const errors: Record<string, FieldError> = {};
  for (const [path, error] of Object.entries(result.fields ?? {})) {
    errors[path.startsWith("lines") ? "lines" : path] ??= error;
  }
  const params = (result.details?.params ?? undefined) as Record<string, string | number> | undefined;
  return data(
    {
      done: false as const,
      values,
      errors,
      photosSent: photos.length,
      failure: { key: result.code === "validation" ? "errors.formContainsErrors" : entry.key, params },
    },
    { status: entry.status },
  );
}

export default function ComplaintPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const pending = useNavigationPending();
  const { form, submissionKey, orderPath } = loaderData;
  const typed = actionData && !actionData.done ? actionData : null;
  const values = typed?.values ?? { submissionKey };
  const errors = typed?.errors ?? {};
  let content: React.ReactNode;
  if (!form) {
    content = <WithdrawalLookup notFound={loaderData.notFound} values={loaderData.lookup} />;
  } else if (actionData?.done) {
    content = (
      <p role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {t("afterSale.complaintReceived", { date: formatDate(lang, actionData.answerDeadline) })}
      </p>
    );
  } else if (!form.complaints.open) {
    // past the 2-year liability (or never paid): the form would only be refused, so say why instead
    content = (
      <p role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        {form.complaints.endsAt
          ? t("afterSale.complaintPeriodEnded", { date: formatDate(lang, form.complaints.endsAt) })
          : t("errors.after-sale/complaint-unavailable")}
      </p>
    );
  } else {
    content = (
      <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <p className="text-stone-700">{t("afterSale.complaintIntro")}</p>
        <Form method="post" encType="multipart/form-data" noValidate className="mt-4 space-y-5">
          <RequiredLegend />
          <FormAlert message={typed ? t(typed.failure.key, typed.failure.params) : undefined} />
          <input type="hidden" name="submissionKey" value={values.submissionKey ?? submissionKey} />
          <fieldset aria-describedby={errors.lines ? "complaint-lines-error" : undefined}>
            <legend className="text-sm font-medium text-stone-800">{t("afterSale.complaintItems")}</legend>
            <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200">
              {form.lines.map((line) => (
                <li key={line.lineId} className="p-3">
                  <TextField
                    name={quantityField(line.lineId)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.ordered}
                    label={`${line.productTitle}${line.variantLabel ? ` (${line.variantLabel})` : ""} — ${t("afterSale.unitsOf", { max: line.ordered })}`}
                    defaultValue={values[quantityField(line.lineId)] ?? (form.lines.length === 1 ? "1" : "0")}
                  />
                </li>
              ))}
            </ul>
            <FieldErrorText id="complaint-lines-error" error={errors.lines} />
          </fieldset>
          <TextAreaField
            name="description"
            label={t("afterSale.complaintDescription")}
            required
            rows={5}
            defaultValue={values.description}
            error={errors.description}
          />
          <fieldset aria-describedby={errors.remedy ? "complaint-remedy-error" : undefined}>
            <legend className="text-sm font-medium text-stone-800">{t("afterSale.complaintRemedy")}</legend>
            <div className="mt-2 space-y-2">
              {COMPLAINT_REMEDIES.map((remedy) => (
                <label key={remedy} className="flex min-h-11 items-center gap-3 text-stone-800">
                  <input
                    type="radio"
                    name="remedy"
                    value={remedy}
                    defaultChecked={values.remedy === remedy}
                    className="size-5 accent-accent-600"
                  />
                  {t(`afterSale.remedy.${remedy}`)}
                </label>
              ))}
            </div>
            <FieldErrorText id="complaint-remedy-error" error={errors.remedy} />
          </fieldset>
          <ComplaintPhotosField
            maxMb={loaderData.photoMaxMb}
            errors={errors}
            chooseAgain={(typed?.photosSent ?? 0) > 0}
          />
          <SubmitButton pending={pending}>{t("afterSale.complaintSend")}</SubmitButton>
        </Form>
      </section>
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
        <h1 className="font-serif text-3xl font-semibold text-stone-900">{t("afterSale.complaintTitle")}</h1>
        {content}
      </div>
    </div>
  );
}
