import {
  data,
  Form,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { warehouseQuerySchema } from "../../../domain/validation/warehouse";
import type { StockCsvError } from "../../../domain/warehouse";
import { listParams, Paging } from "../../components/staff/content/staff-ui";
import { LabelledField } from "../../components/staff/staff-fields";
import { CsvPanel } from "../../components/staff/warehouse/csv-panel";
import { rowKey, StockTable } from "../../components/staff/warehouse/stock-table";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/warehouse";

// /konto/sklep/magazyn: the stock of every product and variant in one table — searched, filtered and
// paged (?szukaj=, ?niski=tak, ?strona=, 20 rows a page) in the database like the other staff lists —
// edited inline and in bulk (only changed rows are saved, in one transaction), low stock highlighted
// and filterable, and the stock CSV export/import (every row).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.magazyn");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const url = new URL(request.url);
  const query = warehouseQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await context.services.warehouse.listPage(query, listParams(request).page);
  return { rows: list.items, page: list.page, pages: list.pages, total: list.total, query };
}

interface WarehouseFailure {
  rowErrors?: Record<string, boolean>;
  typed?: Record<string, string>;
  csvErrors?: StockCsvError[];
  missingFile?: boolean;
  bulkNothing?: boolean;
  /** rows changed since the screen was loaded ("name (loaded → now)", …): nothing was saved */
  stale?: string;
}

/** After a stale save the table shows the fresh figures (a 409 would skip the reload otherwise). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as WarehouseFailure | undefined)?.stale) return true;
  return defaultShouldRevalidate;
}

const WHOLE = /^-?\d{1,9}$/;

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const url = new URL(request.url);
  const here = `${STAFF_SECTIONS.warehouse}${url.search}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const { warehouse } = context.services;

  if (intent === "import") {
    const file = form.get("csv");
    if (!(file instanceof File) || file.size === 0)
      return data<WarehouseFailure>({ missingFile: true }, { status: 400 });
    const result = await warehouse.importCsv(user, await file.text());
    if (result.ok) {
      return redirectWithFlash(here, {
        type: "success",
        key: "staff.warehouse.csvImported",
        params: { count: result.value.changed, rows: result.value.rows },
      });
    }
    const lines = (result.details?.lines as StockCsvError[] | undefined) ?? [];
    if (lines.length > 0) return data<WarehouseFailure>({ csvErrors: lines }, { status: 400 });
    return redirectWithFlash(here, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  }

  // inline edits (and a bulk change of the selected rows): the typed number of every row
  const keys = form.getAll("row").map(String);
  const quantities = form.getAll("quantity").map((value) => String(value).trim());
  const originals = form.getAll("original").map(String);
  const selected = new Set(form.getAll("select").map(String));
  const bulk = intent === "bulk-set" || intent === "bulk-add";
  const amount = String(form.get("bulkAmount") ?? "").trim();
  if (bulk && (!WHOLE.test(amount) || selected.size === 0)) {
    return data<WarehouseFailure>(
      { bulkNothing: true, typed: Object.fromEntries(keys.map((key, i) => [key, quantities[i] ?? ""])) },
      { status: 400 },
    );
  }
  const rowErrors: Record<string, boolean> = {};
  const changes: {
    productId: number;
    variantId: number | null;
    quantity: number;
    loadedQuantity?: number;
  }[] = [];
  keys.forEach((key, index) => {
    const typed = quantities[index] ?? "";
    let quantity = WHOLE.test(typed) ? Number(typed) : Number.NaN;
    if (bulk && selected.has(key))
      quantity =
        intent === "bulk-set"
          ? Number(amount)
          : (Number.isNaN(quantity) ? Number(originals[index]) : quantity) + Number(amount);
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      rowErrors[key] = true;
      return;
    }
    if (String(quantity) === originals[index]) return;
    const [product = "", variant = ""] = key.split(":");
    // what the screen showed: the server refuses the row if an order changed it since (ADR 038)
    const loaded = WHOLE.test(originals[index] ?? "") ? Number(originals[index]) : undefined;
    changes.push({
      productId: Number(product),
      variantId: variant === "" ? null : Number(variant),
      quantity,
      ...(loaded !== undefined && loaded >= 0 ? { loadedQuantity: loaded } : {}),
    });
  });
  if (Object.keys(rowErrors).length > 0) {
    return data<WarehouseFailure>(
      { rowErrors, typed: Object.fromEntries(keys.map((key, i) => [key, quantities[i] ?? ""])) },
      { status: 400 },
    );
  }
  if (changes.length === 0)
    return redirectWithFlash(here, { type: "info", key: "staff.warehouse.noChanges" });
  const result = await warehouse.setStock(user, changes);
  if (!result.ok && result.code === "warehouse/stale-rows") {
    const params = result.details?.params as { rows?: string } | undefined;
    return data<WarehouseFailure>({ stale: params?.rows ?? "" }, { status: 409 });
  }
  if (!result.ok)
    return redirectWithFlash(here, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  return redirectWithFlash(here, {
    type: "success",
    key: "staff.warehouse.saved",
    params: { count: result.value.changed },
  });
}

export default function StaffWarehouse() {
  const t = useT();
  const { rows, page, pages, total, query } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as WarehouseFailure | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.magazyn")}
      </h1>

      <Form
        method="get"
        role="search"
        aria-label={t("staff.filters")}
        className="mt-5 flex flex-wrap items-end gap-3"
      >
        <LabelledField
          id="warehouse-search"
          label={t("staff.warehouse.search")}
          className="min-w-0 flex-1 basis-56"
        >
          <input
            id="warehouse-search"
            name="szukaj"
            type="search"
            defaultValue={query.szukaj}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
          />
        </LabelledField>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="niski"
            value="tak"
            defaultChecked={query.niski}
            className="size-5 accent-accent-600"
          />
          {t("staff.warehouse.lowOnly")}
        </label>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-5 font-semibold text-white"
        >
          {t("staff.warehouse.filter")}
        </button>
      </Form>

      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {t("staff.warehouse.rows", { count: total })}
      </p>
      {failure?.bulkNothing ? (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {t("staff.warehouse.bulkNothing")}
        </p>
      ) : null}
      {failure?.stale !== undefined ? (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {t("errors.warehouse/stale-rows", { rows: failure.stale })}
        </p>
      ) : null}
      {failure?.rowErrors ? (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {t("errors.formContainsErrors")}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("staff.empty")}</p>
      ) : (
        <StockTable
          key={rows.map((row) => `${rowKey(row)}=${row.quantity}`).join(",")}
          rows={rows}
          typed={failure?.typed}
          rowErrors={failure?.rowErrors}
          submitting={submitting}
        />
      )}
      <Paging page={page} pages={pages} search={query.szukaj} filters={query.niski ? { niski: "tak" } : {}} />

      <CsvPanel errors={failure?.csvErrors} missingFile={failure?.missingFile} submitting={submitting} />
    </div>
  );
}
