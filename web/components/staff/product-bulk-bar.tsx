import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { PRICE_ROUNDINGS, type PriceRounding } from "../../../domain/bulk-price";
import type { Category } from "../../../domain/types";
import { STAFF_PRODUCT_FLAGS, type StaffProductFlag } from "../../../domain/validation/catalog";
import {
  type BulkOperation,
  type BulkSelection,
  bulkOperationSchema,
} from "../../../domain/validation/product-bulk";
import type { BulkPreview } from "../../../server/web-door";
import { useT } from "../../lib/i18n";
import { applyBulk, fetchCategories, previewBulk } from "./product-bulk-api";
import { ProductBulkPreview } from "./product-bulk-preview";
import { LabelledField } from "./staff-fields";

// The bulk bar of the staff product list (issue 30, docs/decisions/074): what to change, "Podgląd
// zmian" (nothing written), the preview's table, then "Zastosuj" — all or nothing on the server; a
// stale preview or a refused product comes back as a message and changes nothing.

type Choice =
  | "price"
  | "promotional"
  | "flagOn"
  | "flagOff"
  | "categoryAdd"
  | "categoryRemove"
  | "hide"
  | "show";
const CHOICES: readonly Choice[] = [
  "price",
  "promotional",
  "flagOn",
  "flagOff",
  "categoryAdd",
  "categoryRemove",
  "hide",
  "show",
];
const CHOICE_LABEL = {
  price: "staff.productBulk.op.price",
  promotional: "staff.productBulk.op.promotional",
  flagOn: "staff.productBulk.op.flagOn",
  flagOff: "staff.productBulk.op.flagOff",
  categoryAdd: "staff.productBulk.op.categoryAdd",
  categoryRemove: "staff.productBulk.op.categoryRemove",
  hide: "staff.productBulk.op.hide",
  show: "staff.productBulk.op.show",
} as const;
/** flags a bulk edit sets or clears (hiding has its own choices) */
const FLAGS = STAFF_PRODUCT_FLAGS.filter((flag) => flag !== "isHidden");

const CONTROL = "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base";
const BUTTON = "inline-flex min-h-11 items-center rounded-full px-5 font-semibold disabled:opacity-60";

interface Form {
  choice: Choice;
  direction: "down" | "up";
  mode: "percent" | "amount";
  value: string;
  rounding: PriceRounding;
  flag: StaffProductFlag;
  categoryId: string;
}

/** A typed "10", "10,5" or "12,99" as a positive number (percent) or grosze (amount); NaN when not one. */
function typedValue(text: string, mode: Form["mode"]): number {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return mode === "percent" ? hundredths / 100 : hundredths;
}

function operationOf(form: Form): BulkOperation | null {
  const { choice } = form;
  const candidate =
    choice === "price" || choice === "promotional"
      ? {
          kind: "price",
          target: choice,
          direction: form.direction,
          mode: form.mode,
          value: typedValue(form.value, form.mode),
          rounding: form.rounding,
        }
      : choice === "flagOn" || choice === "flagOff"
        ? { kind: "flag", flag: form.flag, value: choice === "flagOn" }
        : choice === "hide" || choice === "show"
          ? { kind: "flag", flag: "isHidden", value: choice === "hide" }
          : {
              kind: "category",
              action: choice === "categoryAdd" ? "add" : "remove",
              categoryId: Number(form.categoryId),
            };
  const parsed = bulkOperationSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function ProductBulkBar({ selection, count }: { selection: BulkSelection; count: number }) {
  const t = useT();
  const id = useId();
  const revalidator = useRevalidator();
  const [form, setForm] = useState<Form>({
    choice: "price",
    direction: "down",
    mode: "percent",
    value: "",
    rounding: "none",
    flag: "isSale",
    categoryId: "",
  });
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const selectionKey = JSON.stringify(selection);

  const wantsCategories = form.choice === "categoryAdd" || form.choice === "categoryRemove";
  useEffect(() => {
    if (wantsCategories && categories === null) {
      fetchCategories()
        .then(setCategories)
        .catch(() => setCategories([]));
    }
  }, [wantsCategories, categories]);
  // a preview belongs to the selection and the form it was made for
  // biome-ignore lint/correctness/useExhaustiveDependencies: any change of either drops it
  useEffect(() => setPreview(null), [selectionKey, form]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const operation = operationOf(form);

  async function showPreview() {
    if (!operation) return;
    setBusy(true);
    setMessage(null);
    const answer = await previewBulk({ selection, operation });
    setBusy(false);
    if (answer.ok) setPreview(answer.value);
    else setMessage({ text: t(answer.failure.messageKey, answer.failure.params), error: true });
  }

  async function apply() {
    if (!operation || !preview) return;
    setBusy(true);
    setMessage(null);
    const answer = await applyBulk({ selection, operation, fingerprint: preview.fingerprint });
    setBusy(false);
    setPreview(null);
    if (!answer.ok) {
      setMessage({ text: t(answer.failure.messageKey, answer.failure.params), error: true });
      return;
    }
    setMessage({ text: t("staff.productBulk.applied", { count: answer.value.changed }), error: false });
    await revalidator.revalidate();
  }

  const isPrice = form.choice === "price" || form.choice === "promotional";
  const isFlag = form.choice === "flagOn" || form.choice === "flagOff";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id={`${id}-title`} className="font-semibold text-stone-900">
        {t("staff.productBulk.title")} ({count})
      </h2>
      <form
        className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          void showPreview();
        }}
      >
        <LabelledField id={`${id}-choice`} label={t("staff.productBulk.operation")}>
          <select
            id={`${id}-choice`}
            className={CONTROL}
            value={form.choice}
            onChange={(event) => set("choice", event.currentTarget.value as Choice)}
          >
            {CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(CHOICE_LABEL[choice])}
              </option>
            ))}
          </select>
        </LabelledField>
        {isPrice ? (
          <>
            <LabelledField id={`${id}-direction`} label={t("staff.productBulk.direction")}>
              <select
                id={`${id}-direction`}
                className={CONTROL}
                value={form.direction}
                onChange={(event) => set("direction", event.currentTarget.value as Form["direction"])}
              >
                <option value="down">{t("staff.productBulk.down")}</option>
                <option value="up">{t("staff.productBulk.up")}</option>
              </select>
            </LabelledField>
            <div className="flex gap-2">
              <LabelledField
                id={`${id}-value`}
                label={t("staff.productBulk.value")}
                className="min-w-0 flex-1"
              >
                <input
                  id={`${id}-value`}
                  inputMode="decimal"
                  autoComplete="off"
                  className={CONTROL}
                  value={form.value}
                  onChange={(event) => set("value", event.currentTarget.value)}
                />
              </LabelledField>
              <LabelledField id={`${id}-mode`} label={t("staff.productBulk.unit")}>
                <select
                  id={`${id}-mode`}
                  className={CONTROL}
                  value={form.mode}
                  onChange={(event) => set("mode", event.currentTarget.value as Form["mode"])}
                >
                  <option value="percent">{t("staff.productBulk.unit.percent")}</option>
                  <option value="amount">{t("staff.productBulk.unit.amount")}</option>
                </select>
              </LabelledField>
            </div>
            <LabelledField id={`${id}-rounding`} label={t("staff.productBulk.rounding")}>
              <select
                id={`${id}-rounding`}
                className={CONTROL}
                value={form.rounding}
                onChange={(event) => set("rounding", event.currentTarget.value as PriceRounding)}
              >
                {PRICE_ROUNDINGS.map((rounding) => (
                  <option key={rounding} value={rounding}>
                    {t(`staff.productBulk.rounding.${rounding}`)}
                  </option>
                ))}
              </select>
            </LabelledField>
          </>
        ) : null}
        {isFlag ? (
          <LabelledField id={`${id}-flag`} label={t("staff.productBulk.flag")}>
            <select
              id={`${id}-flag`}
              className={CONTROL}
              value={form.flag}
              onChange={(event) => set("flag", event.currentTarget.value as StaffProductFlag)}
            >
              {FLAGS.map((flag) => (
                <option key={flag} value={flag}>
                  {t(`staff.products.flag.${flag}`)}
                </option>
              ))}
            </select>
          </LabelledField>
        ) : null}
        {wantsCategories ? (
          <LabelledField id={`${id}-category`} label={t("staff.productBulk.category")}>
            <select
              id={`${id}-category`}
              className={CONTROL}
              value={form.categoryId}
              onChange={(event) => set("categoryId", event.currentTarget.value)}
            >
              <option value="" />
              {(categories ?? [])
                .filter((category) => category.path !== "")
                .map((category) => (
                  <option key={category._id} value={category._id}>
                    {category.path}
                  </option>
                ))}
            </select>
          </LabelledField>
        ) : null}
        <div className="flex items-end">
          <button
            type="submit"
            disabled={busy || operation === null}
            className={`${BUTTON} bg-white text-stone-900 ring-1 ring-stone-400 hover:bg-stone-50`}
          >
            {t("staff.productBulk.preview")}
          </button>
        </div>
      </form>

      {message ? (
        <p
          role={message.error ? "alert" : "status"}
          className={`mt-3 text-sm ${message.error ? "text-red-800" : "text-green-800"}`}
        >
          {message.text}
        </p>
      ) : null}

      {preview ? (
        <>
          <ProductBulkPreview preview={preview} category={wantsCategories} />
          <button
            type="button"
            disabled={busy || preview.refused > 0 || preview.changed === 0}
            onClick={() => void apply()}
            className={`${BUTTON} mt-3 bg-stone-800 text-white`}
          >
            {t("staff.productBulk.apply")}
          </button>
        </>
      ) : null}
    </section>
  );
}
