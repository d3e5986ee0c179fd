import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { PRICE_ROUNDINGS, type PriceRounding } from "../../../domain/bulk-price";
import type { MessageKey } from "../../../domain/i18n";
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

/** the form's values chosen in a select */
type ChoiceKey = "choice" | "direction" | "mode" | "rounding" | "flag" | "categoryId";

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

  /** A labelled select of one of the form's values: [value, label] options. */
  const choiceField = (
    key: ChoiceKey,
    label: MessageKey,
    options: readonly (readonly [string, string])[],
  ) => (
    <LabelledField id={`${id}-${key}`} label={t(label)}>
      <select
        id={`${id}-${key}`}
        className={CONTROL}
        value={form[key]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setForm((current) => ({ ...current, [key]: value }));
        }}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </LabelledField>
  );

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
        {choiceField(
          "choice",
          "staff.productBulk.operation",
          CHOICES.map((choice) => [choice, t(CHOICE_LABEL[choice])]),
        )}
        {isPrice ? (
          <>
            {choiceField("direction", "staff.productBulk.direction", [
              ["down", t("staff.productBulk.down")],
              ["up", t("staff.productBulk.up")],
            ])}
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
              {choiceField("mode", "staff.productBulk.unit", [
                ["percent", t("staff.productBulk.unit.percent")],
                ["amount", t("staff.productBulk.unit.amount")],
              ])}
            </div>
            {choiceField(
              "rounding",
              "staff.productBulk.rounding",
              PRICE_ROUNDINGS.map((rounding) => [rounding, t(`staff.productBulk.rounding.${rounding}`)]),
            )}
          </>
        ) : null}
        {isFlag
          ? choiceField(
              "flag",
              "staff.productBulk.flag",
              FLAGS.map((flag) => [flag, t(`staff.products.flag.${flag}`)]),
            )
          : null}
        {wantsCategories
          ? choiceField("categoryId", "staff.productBulk.category", [
              ["", ""],
              ...(categories ?? [])
                .filter((category) => category.path !== "")
                .map((category): [string, string] => [String(category._id), category.path]),
            ])
          : null}
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
