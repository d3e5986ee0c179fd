import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatDateTime, translate } from "../../../domain/i18n";
import { formatPrice, parsePriceToGrosze } from "../../../domain/money";
import { idFromTextSchema } from "../../../domain/validation/common";
import type { FieldError } from "../../../domain/validation/errors";
import { FormAlert, TextAreaField } from "../../components/form-field";
import { StaffBackLink, StaffNotFound } from "../../components/staff/back-link";
import { DANGER_BUTTON, PRIMARY_BUTTON, SECONDARY_BUTTON } from "../../components/staff/orders/pager";
import { TitledSection, titledSectionHeading } from "../../components/titled-section";
import "../../lib/after-sale-texts";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useLang, useT } from "../../lib/i18n";
import { langFromMatches, metaTags, pageTitle } from "../../lib/meta";
import { requireStaff } from "../../lib/staff.server";
import { STAFF_SECTIONS, staffOrderPath } from "../../lib/staff-paths";
import type { Route } from "./+types/returns-case";
import { CasePhotos } from "./case-photos";
import { RefundForm } from "./refund-form";
import { RefundItem, useRefreshWhileRefunding } from "./refund-item";
import { CaseDeadline } from "./returns-deadline";
import { staffCasePath } from "./returns-paths";

// /konto/sklep/zwroty/{id} (shop staff): one withdrawal or complaint on the returns desk (issue 27).
// The statement as received (text, time, address), the lines with "Towar otrzymany" per line (and
// "Przywróć na stan", once), the proposed refund with a field to change it and "Zwróć pieniądze"
// (the refund is sent in the background: the page shows its state and reloads itself until it is
// final, with the provider's error when there is one), reject with a reason, close, the history.
// Every step goes through the returns desk or refunds service (audited); a refused step comes back
// with its message and what was typed.

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const lang = langFromMatches(matches);
  const tags = metaTags(lang, "staff.segment.zwroty");
  if (loaderData?.detail) {
    tags[0] = {
      title: pageTitle(
        translate(lang, "afterSale.desk.caseTitle", {
          kind: translate(lang, `afterSale.kind.${loaderData.detail.kind}`),
          orderNumber: loaderData.detail.orderNumber,
        }),
      ),
    };
  }
  return [...tags, { name: "robots", content: "noindex" }];
}

function caseId(params: { id?: string }): number {
  const id = idFromTextSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const result = await context.services.returnsDesk.get(caseId(params));
  if (!result.ok) throw data(null, { status: 404 });
  return { detail: result.value, crumb: result.value.orderNumber, now: new Date().toISOString() };
}

type ActionData =
  | { form: "refund"; amount: string; error?: FieldError; message?: string }
  | { form: "reject"; reason: string; error?: FieldError }
  | { form: "answer"; message: string; error?: FieldError }
  | { form: "received"; error: FieldError }
  | undefined;

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const id = caseId(params);
  const path = staffCasePath(id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refused = (code: Parameters<typeof errorMessageKey>[0]) =>
    redirectWithFlash(path, { type: "error", key: errorMessageKey(code), errorPrefix: true });

  if (intent === "refund") {
    const amount = String(form.get("amount") ?? "").slice(0, 20);
    const grosze = parsePriceToGrosze(amount);
    if (grosze === null) {
      return data<ActionData>(
        { form: "refund", amount, error: { key: "validation.number" } },
        { status: 400 },
      );
    }
    const found = await context.services.returnsDesk.get(id);
    if (!found.ok) throw data(null, { status: 404 });
    const result = await context.services.refunds.startRefund(user, found.value.orderId, {
      amountGrosze: grosze,
      reason: found.value.kind,
      caseId: id,
    });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.refundStarted" });
    if (result.code === "validation") {
      return data<ActionData>(
        { form: "refund", amount, error: result.fields?.amountGrosze ?? { key: "validation.invalid" } },
        { status: 400 },
      );
    }
    return refused(result.code);
  }
  if (intent === "received") {
    const found = await context.services.returnsDesk.get(id);
    if (!found.ok) throw data(null, { status: 404 });
    const lines = found.value.lines
      .map((line) => ({
        lineId: line.orderItemId,
        quantity: Number(form.get(`receive-${line.orderItemId}`) ?? "0"),
        restock: form.get(`restock-${line.orderItemId}`) === "on",
      }))
      .filter((line) => Number.isFinite(line.quantity) && line.quantity !== 0);
    const result = await context.services.returnsDesk.receiveGoods(user, id, { lines });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.saved" });
    if (result.code === "validation") {
      const first = Object.values(result.fields ?? {})[0];
      return data<ActionData>(
        { form: "received", error: first ?? { key: "afterSale.linesRequired" } },
        { status: 400 },
      );
    }
    return refused(result.code);
  }
  if (intent === "reject") {
    const reason = String(form.get("reason") ?? "").slice(0, 2_000);
    const result = await context.services.returnsDesk.reject(user, id, { reason });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.saved" });
    if (result.code === "validation") {
      return data<ActionData>({ form: "reject", reason, error: result.fields?.reason }, { status: 400 });
    }
    return refused(result.code);
  }
  if (intent === "accept" || intent === "decline") {
    const message = String(form.get("message") ?? "").slice(0, 5_000);
    const decision = intent === "accept" ? "accepted" : "rejected";
    const result = await context.services.complaints.answer(user, id, { decision, message });
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.saved" });
    if (result.code === "validation") {
      return data<ActionData>({ form: "answer", message, error: result.fields?.message }, { status: 400 });
    }
    return refused(result.code);
  }
  if (intent === "close") {
    const result = await context.services.returnsDesk.close(user, id);
    if (result.ok) return redirectWithFlash(path, { type: "success", key: "afterSale.desk.saved" });
    return refused(result.code);
  }
  return redirectWithFlash(path, { type: "error", key: "errors.formContainsErrors", errorPrefix: true });
}

type Detail = Awaited<ReturnType<typeof loader>>["detail"];

/** The intent of the form being posted now, for its button's progress. */
function usePostingIntent(): string | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return null;
  return String(navigation.formData.get("intent") ?? "");
}

const SECTION = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5";
const SECTION_HEADING = titledSectionHeading("mb-3");

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <TitledSection id={id} title={title} className={SECTION} headingClassName={SECTION_HEADING}>
      {children}
    </TitledSection>
  );
}

function Statement({ detail }: { detail: Detail }) {
  const t = useT();
  const lang = useLang();
  const statement = detail.statement;
  if (!statement) return null;
  return (
    <Section id="case-statement" title={t("afterSale.desk.statement")}>
      <p className="text-sm text-stone-700">
        {t("afterSale.desk.statementReceived", {
          date: formatDateTime(lang, statement.receivedAt),
          address: statement.clientAddress,
        })}
      </p>
      <p className="mt-1 break-words text-sm text-stone-700">
        {statement.name}, {statement.email}
      </p>
      <blockquote className="mt-3 whitespace-pre-line break-words rounded-lg bg-stone-50 p-3 text-sm text-stone-900 ring-1 ring-stone-200">
        {statement.text}
      </blockquote>
      {statement.remedy ? (
        <p className="mt-3 break-words text-sm text-stone-800">
          <span className="font-semibold">{t("afterSale.desk.remedy")}:</span>{" "}
          {t(`afterSale.remedy.${statement.remedy}`)}
        </p>
      ) : null}
      {statement.reason ? (
        <p className="mt-3 break-words text-sm text-stone-800">
          <span className="font-semibold">{t("afterSale.desk.reason")}:</span> {statement.reason}
        </p>
      ) : null}
    </Section>
  );
}

function Lines({ detail, error }: { detail: Detail; error: FieldError | undefined }) {
  const t = useT();
  const posting = usePostingIntent() === "received";
  const open = detail.status !== "CLOSED" && detail.status !== "REJECTED";
  const left = detail.lines.some((line) => line.receivedQuantity < line.quantity);
  return (
    <Section id="case-lines" title={t("afterSale.desk.lines")}>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="received" />
        <ul className="divide-y divide-stone-200">
          {detail.lines.map((line) => {
            const remaining = line.quantity - line.receivedQuantity;
            const title = line.variantLabel
              ? `${line.productTitle} (${line.variantLabel})`
              : line.productTitle;
            return (
              <li key={line._id} className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-end">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-stone-900">{title}</p>
                  <p className="text-sm text-stone-700">
                    {t("afterSale.desk.quantity")}: {line.quantity} · {t("afterSale.desk.receivedQuantity")}:{" "}
                    {line.receivedQuantity} · {t("afterSale.desk.restocked")}: {line.restockedQuantity}
                  </p>
                </div>
                {open && remaining > 0 ? (
                  <div className="flex flex-wrap items-end gap-3">
                    <div>
                      <label
                        htmlFor={`receive-${line.orderItemId}`}
                        className="mb-1 block text-sm text-stone-800"
                      >
                        {t("afterSale.desk.receiveNow")}
                        <span className="sr-only">: {title}</span>
                      </label>
                      <input
                        id={`receive-${line.orderItemId}`}
                        name={`receive-${line.orderItemId}`}
                        type="number"
                        min={0}
                        max={remaining}
                        defaultValue={remaining}
                        inputMode="numeric"
                        className="block w-24 rounded-lg border border-stone-300 px-3 py-2 text-base"
                      />
                    </div>
                    <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                      <input
                        type="checkbox"
                        name={`restock-${line.orderItemId}`}
                        defaultChecked
                        className="size-5 accent-accent-600"
                      />
                      {t("afterSale.desk.restock")}
                      <span className="sr-only">: {title}</span>
                    </label>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {error ? <FormAlert message={t(error.key, error.params)} /> : null}
        {open && left ? (
          <button
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={posting}
            aria-busy={posting || undefined}
          >
            {t("afterSale.desk.goodsReceived")}
          </button>
        ) : (
          <p className="text-sm text-stone-700">{t("afterSale.desk.allReceived")}</p>
        )}
      </Form>
    </Section>
  );
}

function Refunds({ detail }: { detail: Detail }) {
  const t = useT();
  const _lang = useLang();
  if (detail.refunds.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-stone-900">{t("afterSale.desk.refunds")}</h3>
      <ul className="mt-2 space-y-2" aria-live="polite">
        {detail.refunds.map((refund) => (
          <RefundItem key={refund._id} refund={refund} />
        ))}
      </ul>
    </div>
  );
}

function RefundSection({ detail, answer }: { detail: Detail; answer: ActionData }) {
  const t = useT();
  const posting = usePostingIntent() === "refund";
  const proposal = detail.proposal;
  const typed = answer?.form === "refund" ? answer : null;
  const canRefund =
    proposal?.hasPayment &&
    proposal.refundableGrosze > 0 &&
    (detail.status === "REPORTED" || detail.status === "GOODS_RECEIVED" || detail.status === "ACCEPTED");
  return (
    <Section id="case-refund" title={t("afterSale.desk.refund")}>
      {proposal ? (
        <div className="space-y-1 text-sm text-stone-800">
          <p>
            {t("afterSale.desk.proposed", {
              amount: formatPrice(proposal.proposedGrosze),
              goods: formatPrice(proposal.goodsGrosze),
              delivery: formatPrice(proposal.deliveryGrosze),
            })}
          </p>
          <p>
            {t("afterSale.desk.refundable", {
              paid: formatPrice(proposal.paidGrosze),
              refunded: formatPrice(proposal.refundedGrosze),
              inProgress: formatPrice(proposal.inProgressGrosze),
              left: formatPrice(proposal.refundableGrosze),
            })}
          </p>
        </div>
      ) : null}
      {proposal && !proposal.hasPayment ? (
        <FormAlert tone="info" message={t("afterSale.desk.noPayment")} />
      ) : null}
      {canRefund ? (
        <RefundForm
          intent="refund"
          proposedGrosze={proposal.proposedGrosze}
          typed={typed}
          pending={posting}
        />
      ) : proposal?.hasPayment && proposal.refundableGrosze === 0 ? (
        <p className="mt-3 text-sm text-stone-700">{t("afterSale.desk.nothingLeft")}</p>
      ) : null}
      <Refunds detail={detail} />
    </Section>
  );
}

function Decisions({ detail, answer }: { detail: Detail; answer: ActionData }) {
  const t = useT();
  const posting = usePostingIntent();
  // a complaint is rejected through its answer (ComplaintAnswer), a withdrawal here
  const canReject =
    detail.kind === "withdrawal" && (detail.status === "REPORTED" || detail.status === "GOODS_RECEIVED");
  const canClose =
    detail.status === "REFUNDED" || (detail.kind === "complaint" && detail.status === "ACCEPTED");
  if (!canReject && !canClose) return null;
  const typed = answer?.form === "reject" ? answer : null;
  return (
    <div className="space-y-4">
      {canClose ? (
        <Form method="post">
          <input type="hidden" name="intent" value="close" />
          <button type="submit" className={SECONDARY_BUTTON} disabled={posting === "close"}>
            {t("afterSale.desk.close")}
          </button>
        </Form>
      ) : null}
      {canReject ? (
        <Section id="case-reject" title={t("afterSale.desk.reject")}>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="reject" />
            <TextAreaField
              name="reason"
              label={t("afterSale.desk.rejectReason")}
              rows={3}
              required
              defaultValue={typed?.reason}
              error={typed?.error}
            />
            <button type="submit" className={DANGER_BUTTON} disabled={posting === "reject"}>
              {t("afterSale.desk.reject")}
            </button>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}

/** A complaint's two answers, each its form's intent. */
const COMPLAINT_ANSWERS = [
  { intent: "accept", className: PRIMARY_BUTTON, label: "afterSale.desk.accept" },
  { intent: "decline", className: DANGER_BUTTON, label: "afterSale.desk.decline" },
] as const;

/** "Uznaj" / "Odrzuć" with the message e-mailed to the customer: a complaint not yet answered. */
function ComplaintAnswer({ detail, answer }: { detail: Detail; answer: ActionData }) {
  const t = useT();
  const posting = usePostingIntent();
  if (detail.kind !== "complaint" || detail.status !== "REPORTED") return null;
  const typed = answer?.form === "answer" ? answer : null;
  const answering = COMPLAINT_ANSWERS.some(({ intent }) => intent === posting);
  return (
    <Section id="case-answer" title={t("afterSale.desk.answer")}>
      <Form method="post" className="space-y-3">
        <TextAreaField
          name="message"
          label={t("afterSale.desk.answerMessage")}
          rows={4}
          required
          defaultValue={typed?.message}
          error={typed?.error}
        />
        <div className="flex flex-wrap gap-2">
          {COMPLAINT_ANSWERS.map(({ intent, className, label }) => (
            <button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              className={className}
              disabled={answering}
            >
              {t(label)}
            </button>
          ))}
        </div>
      </Form>
    </Section>
  );
}

function History({ detail }: { detail: Detail }) {
  const t = useT();
  const lang = useLang();
  return (
    <Section id="case-history" title={t("afterSale.desk.history")}>
      <ol className="space-y-2 text-sm">
        {detail.events.map((event) => (
          <li key={event._id} className="break-words text-stone-800">
            <span className="text-stone-600">{formatDateTime(lang, event.createdAt)}</span> ·{" "}
            {event.status
              ? t("afterSale.desk.historyStatus", {
                  status: t(`afterSale.state.${detail.kind}.${event.status}`),
                })
              : null}
            {event.message ? ` — ${event.message}` : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function BackLink() {
  const t = useT();
  return <StaffBackLink to={STAFF_SECTIONS.returns} label={t("afterSale.desk.backToList")} />;
}

export default function StaffReturnsCase() {
  const t = useT();
  const { detail, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData;
  useRefreshWhileRefunding(detail.refunds);
  return (
    <div className="space-y-4">
      <BackLink />
      <header>
        <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
          {t("afterSale.desk.caseTitle", {
            kind: t(`afterSale.kind.${detail.kind}`),
            orderNumber: detail.orderNumber,
          })}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-sm font-semibold text-stone-800">
            {t(`afterSale.state.${detail.kind}.${detail.status}`)}
          </span>
          <CaseDeadline deadlineAt={detail.deadlineAt} awaiting={detail.awaiting} now={now} />
          <Link
            to={staffOrderPath(detail.orderId)}
            className="text-sm font-semibold text-accent-700 underline underline-offset-2"
          >
            {t("afterSale.desk.order")} {detail.orderNumber}
          </Link>
        </div>
      </header>
      <Statement detail={detail} />
      {detail.photos.length > 0 ? (
        <Section id="case-photos" title={t("afterSale.desk.photos")}>
          <CasePhotos photos={detail.photos} />
        </Section>
      ) : null}
      <Lines detail={detail} error={answer?.form === "received" ? answer.error : undefined} />
      <RefundSection detail={detail} answer={answer} />
      <ComplaintAnswer detail={detail} answer={answer} />
      <Decisions detail={detail} answer={answer} />
      <History detail={detail} />
    </div>
  );
}

export function ErrorBoundary() {
  const t = useT();
  return (
    <StaffNotFound
      to={STAFF_SECTIONS.returns}
      label={t("afterSale.desk.backToList")}
      title={t("errors.notFound")}
    />
  );
}
