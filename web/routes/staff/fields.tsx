import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { FormAlert } from "../../components/form-field";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath, staffEditPath } from "../../lib/staff-paths";
import type { Route } from "./+types/fields";

// /konto/sklep/pola: the product fields (title, type, whether the choice changes the price, options),
// searchable by title; links to add and edit; delete after a confirmation (refused with a clear
// message while products use the field).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.pola");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const query = (new URL(request.url).searchParams.get("szukaj") ?? "").trim();
  const all = await context.services.catalog.listFields();
  const needle = query.toLocaleLowerCase("pl");
  const fields = needle ? all.filter((field) => field.title.toLocaleLowerCase("pl").includes(needle)) : all;
  return { fields, query };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || id === null) {
    return redirectWithFlash(STAFF_SECTIONS.fields, { type: "error", key: "errors.formContainsErrors" });
  }
  const result = await context.services.fieldAdmin.deleteField(user, id);
  if (!result.ok) {
    return data(
      { formError: errorMessageKey(result.code) as MessageKey },
      { status: errorStatus(result.code) },
    );
  }
  return redirectWithFlash(STAFF_SECTIONS.fields, { type: "success", key: "success.fieldRemoved" });
}

const BUTTON =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-accent-600";

export default function StaffFields() {
  const t = useT();
  const { fields, query } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
          {t("staff.segment.pola")}
        </h1>
        <Link
          to={staffAddPath("fields")}
          className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
        >
          {t("staff.fields.add")}
        </Link>
      </div>
      {failure?.formError ? <FormAlert message={t(failure.formError)} /> : null}
      <Form method="get" role="search" className="flex max-w-md gap-2">
        <label htmlFor="fields-search" className="sr-only">
          {t("common.search")}
        </label>
        <input
          id="fields-search"
          type="search"
          name="szukaj"
          defaultValue={query}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
        />
        <button type="submit" className={`${BUTTON} text-stone-800 ring-stone-300 hover:bg-stone-50`}>
          {t("common.search")}
        </button>
      </Form>
      {fields.length === 0 ? (
        <p className="text-stone-700">{t("staff.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {fields.map((field) => (
            <li
              key={field._id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{field.title}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs text-stone-600">
                  <span>
                    {t(field.type === "select" ? "staff.fields.typeSelect" : "staff.fields.typeRadio")}
                  </span>
                  <span>{t("staff.fields.optionsCount", { count: field.options.length })}</span>
                  {field.changePrice ? (
                    <span className="rounded-full bg-amber-100 px-2 font-semibold text-amber-900">
                      {t("staff.fields.changesPrice")}
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  {field.options.map((option) => option.title).join(", ")}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link
                  to={staffEditPath("fields", field._id)}
                  aria-label={`${t("staff.edit")}: ${field.title}`}
                  className={`${BUTTON} text-stone-800 ring-stone-300 hover:bg-stone-50`}
                >
                  {t("staff.edit")}
                </Link>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t("staff.confirmDelete", { name: field.title })))
                      event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={field._id} />
                  <button
                    type="submit"
                    aria-label={`${t("staff.delete")}: ${field.title}`}
                    className={`${BUTTON} text-red-800 ring-red-300 hover:bg-red-50`}
                  >
                    {t("staff.delete")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
