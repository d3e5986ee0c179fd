import { data, Form, useActionData, useLoaderData } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { FormAlert } from "../../components/form-field";
import { Paging } from "../../components/staff/content/staff-ui";
import { EditDeleteActions, ListHeading, RING_BUTTON } from "../../components/staff/taxonomy-list";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/fields";
import { searchedListLoader } from "./list-route.server";

// /konto/sklep/pola: the product fields (title, type, whether the choice changes the price, options),
// searched by title (?szukaj=) and paged (?strona=) in the database like the other staff lists;
// links to add and edit; delete after a confirmation (refused with a clear
// message while products use the field).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.pola");
}

export const loader = searchedListLoader((services, query) => services.catalog.searchFields(query));

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

export default function StaffFields() {
  const t = useT();
  const { items: fields, page, pages, search } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <ListHeading title={t("staff.segment.pola")} section="fields" add={t("staff.fields.add")} />
      {failure?.formError ? <FormAlert message={t(failure.formError)} /> : null}
      <Form method="get" role="search" aria-label={t("staff.filters")} className="flex max-w-md gap-2">
        <label htmlFor="fields-search" className="sr-only">
          {t("common.search")}
        </label>
        <input
          id="fields-search"
          type="search"
          name="szukaj"
          defaultValue={search}
          className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
        />
        <button type="submit" className={`${RING_BUTTON} text-stone-800 ring-stone-300 hover:bg-stone-50`}>
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
              <EditDeleteActions
                section="fields"
                id={field._id}
                name={field.title}
                className="flex shrink-0 gap-2"
              />
            </li>
          ))}
        </ul>
      )}
      <Paging page={page} pages={pages} search={search} />
    </div>
  );
}
