import { useId } from "react";
import { data, useActionData, useLoaderData } from "react-router";
import { parseIdFromParam } from "../../../domain/slug";
import { creatorCategoryFormValuesSchema } from "../../../domain/validation/creators";
import { parseForm } from "../../../domain/validation/errors";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { CONTENT_LISTS } from "../../components/staff/content/content-lists";
import { postedValues } from "../../components/staff/content/form-values";
import { CARD, DeleteButton, StaffList } from "../../components/staff/content/staff-ui";
import { ValidatedForm } from "../../components/validated-form";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import { useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/creators";
import { searchedListLoader } from "./list-route.server";

// /konto/sklep/tworcy: the creators (search, paging; edit, delete) and, below, their categories:
// add, rename (title and order) and delete (its creators stay, without a category).

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, CONTENT_LISTS.creators.title);
}

export const loader = searchedListLoader(async (services, query) => {
  const [found, categories] = await Promise.all([
    services.creatorsAdmin.searchCreators(query),
    services.creators.listCreatorCategories(),
  ]);
  return { ...found, categories };
});

const BACK = STAFF_SECTIONS.creators;

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const service = context.services.creatorsAdmin;
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (intent === "delete" || intent === "delete-category") {
    if (id === null) return redirectWithFlash(BACK, { type: "error", key: "errors.formContainsErrors" });
    const result =
      intent === "delete" ? await service.removeCreator(user, id) : await service.removeCategory(user, id);
    if (!result.ok) {
      return redirectWithFlash(BACK, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
    }
    return redirectWithFlash(BACK, {
      type: "success",
      key: intent === "delete" ? CONTENT_LISTS.creators.removed : "staff.content.categoryRemoved",
    });
  }
  // add or rename a category
  const values = postedValues(form);
  const typed = { title: String(values.title ?? ""), order: String(values.order ?? "") };
  const parsed = parseForm(creatorCategoryFormValuesSchema, values);
  if (!parsed.ok) {
    return data(
      { formError: "errors.formContainsErrors", errors: parsed.errors, values: typed, target: id },
      { status: 400 },
    );
  }
  const result =
    id === null
      ? await service.createCategory(user, parsed.data)
      : await service.updateCategory(user, id, parsed.data);
  if (!result.ok) {
    return data(
      { formError: errorMessageKey(result.code), errors: result.fields, values: typed, target: id },
      { status: errorStatus(result.code) },
    );
  }
  return redirectWithFlash(BACK, {
    type: "success",
    key: id === null ? "staff.content.categoryAdded" : "staff.content.categoryUpdated",
  });
}

function CategoryForm({
  category,
  failure,
}: {
  category: { _id: number; title: string; order: number } | null;
  failure: {
    errors?: Record<string, { key: string; params?: Record<string, string | number> }>;
    formError?: string;
  } | null;
}) {
  const t = useT();
  const submitting = useSubmitting();
  const headingId = useId();
  const errors = (failure?.errors ?? {}) as Record<string, never>;
  return (
    <ValidatedForm
      aria-labelledby={category ? undefined : headingId}
      className="flex flex-wrap items-end gap-3"
    >
      {category ? <input type="hidden" name="id" value={category._id} /> : null}
      {category ? null : (
        <h3 id={headingId} className="w-full text-base font-semibold text-stone-900">
          {t("staff.content.addCategory")}
        </h3>
      )}
      {failure?.formError ? (
        <div className="w-full">
          <FormAlert message={t(failure.formError)} />
        </div>
      ) : null}
      <TextField
        name="title"
        label={
          category
            ? `${t("staff.content.categoryTitle")}: ${category.title}`
            : t("staff.content.categoryTitle")
        }
        defaultValue={category?.title ?? ""}
        error={errors.title}
        className="min-w-0 flex-1"
      />
      <TextField
        name="order"
        label={t("staff.content.order")}
        inputMode="numeric"
        defaultValue={String(category?.order ?? 0)}
        error={errors.order}
        className="w-24"
      />
      <SubmitButton pending={submitting}>{category ? t("common.save") : t("common.add")}</SubmitButton>
    </ValidatedForm>
  );
}

export default function StaffCreators() {
  const t = useT();
  const list = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() ?? null;
  const failureFor = (id: number | null) => (failure && failure.target === id ? failure : null);
  return (
    <StaffList
      section="creators"
      list={list}
      name={(creator) => creator.title}
      details={(creator) => (
        <>
          <p className="font-semibold text-stone-900">{creator.title}</p>
          <p className="text-sm text-stone-700">
            {creator.categoryTitle ?? t("staff.content.noCategory")}
            {creator.link ? ` · ${creator.link}` : ""}
          </p>
        </>
      )}
    >
      <section aria-labelledby="creator-categories" className={CARD}>
        <h2 id="creator-categories" className="text-lg font-semibold text-stone-900">
          {t("staff.content.creatorCategories")}
        </h2>
        {list.categories.length === 0 ? <p className="mt-2 text-stone-700">{t("staff.empty")}</p> : null}
        <ul className="mt-3 grid gap-4">
          {list.categories.map((category) => (
            <li
              key={category._id}
              className="flex flex-col gap-2 border-b border-stone-200 pb-4 sm:flex-row sm:items-end"
            >
              <div className="min-w-0 flex-1">
                <CategoryForm category={category} failure={failureFor(category._id)} />
              </div>
              <DeleteButton id={category._id} name={category.title} intent="delete-category" />
            </li>
          ))}
        </ul>
        <div className="mt-4">
          <CategoryForm category={null} failure={failureFor(null)} />
        </div>
      </section>
    </StaffList>
  );
}
