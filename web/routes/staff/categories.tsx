import { data, useActionData, useLoaderData } from "react-router";
import { changedNodes, stepCategory, type TreeStep } from "../../../domain/category-tree-edit";
import type { MessageKey } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { categoriesOrderSchema } from "../../../domain/validation/catalog";
import { type FieldError, parseForm } from "../../../domain/validation/errors";
import { bindFields } from "../../components/bind-fields";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { CategoryTreeEditor, type EditableCategory } from "../../components/staff/category-tree-editor";
import { EnglishVersion } from "../../components/staff/english-version";
import { LabelledField } from "../../components/staff/staff-fields";
import { categoryFormSchema, categoryRenameFormSchema } from "../../components/staff/taxonomy/taxonomy-forms";
import { ValidatedForm } from "../../components/validated-form";
import { errorMessageKey, errorStatus, invalidForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { parseJsonArrayField } from "../../lib/staff-forms";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import { useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/categories";

// /konto/sklep/kategorie: the category tree (drag and drop, or the arrow buttons, saved at once with
// "Zapisz kolejność" through the bulk update), adding a category under any parent, renaming inline
// and deleting (refused with a clear message while products or subcategories use it).

const PATH = STAFF_SECTIONS.categories;
const STEPS: readonly TreeStep[] = ["up", "down", "indent", "outdent"];

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.kategorie");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const [list, english] = await Promise.all([
    context.services.catalog.listCategories(),
    context.services.categoryAdmin.englishTitles(),
  ]);
  return {
    categories: list.map(({ _id, title, parent, order }) => ({
      _id,
      title,
      titleEn: english.get(_id) ?? "",
      parent,
      order,
    })),
    /** the parent select: depth first, with the depth for indentation */
    parents: list.map((category) => ({
      _id: category._id,
      title: category.title,
      depth: category.idsPath.split("/").length - 1,
    })),
  };
}

type ActionFailure = {
  intent: "create" | "rename" | "delete" | "reorder";
  formError: MessageKey;
  id?: number;
  errors?: Record<string, FieldError>;
  values?: Record<string, string>;
};

const failure = (body: ActionFailure, status: number) => data(body, { status });

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const { categoryAdmin } = context.services;
  const form = await request.formData();
  const values = formValues(form);
  const intent = String(values.intent ?? "");

  if (intent === "create") {
    const kept = keepValues(values, ["title", "titleEn", "parent"]);
    const parsed = parseForm(categoryFormSchema, values);
    if (!parsed.ok) return invalidForm(parsed.errors, kept);
    const result = await categoryAdmin.createCategory(user, parsed.data);
    if (!result.ok) {
      return failure(
        { intent, formError: errorMessageKey(result.code), errors: result.fields, values: kept },
        errorStatus(result.code),
      );
    }
    return redirectWithFlash(PATH, { type: "success", key: "success.categoryAdded" });
  }

  const id = parseIdFromParam(String(values.id ?? ""));
  if (intent === "rename" && id !== null) {
    const parsed = parseForm(categoryRenameFormSchema, values);
    const kept = keepValues(values, ["title", "titleEn"]);
    if (!parsed.ok) {
      return failure(
        { intent, id, formError: "errors.formContainsErrors", errors: parsed.errors, values: kept },
        400,
      );
    }
    const { title, titleEn } = parsed.data;
    const result = await categoryAdmin.updateCategory(user, id, { title, titleEn });
    if (!result.ok) {
      return failure(
        { intent, id, formError: errorMessageKey(result.code), errors: result.fields, values: kept },
        errorStatus(result.code),
      );
    }
    return redirectWithFlash(PATH, { type: "success", key: "success.categoryUpdated" });
  }

  if (intent === "delete" && id !== null) {
    const result = await categoryAdmin.deleteCategory(user, id);
    if (!result.ok)
      return failure({ intent, id, formError: errorMessageKey(result.code) }, errorStatus(result.code));
    return redirectWithFlash(PATH, { type: "success", key: "success.categoryRemoved" });
  }

  if (intent === "reorder" || intent === "step") {
    let items: unknown = parseJsonArrayField(form.get("order"));
    if (intent === "step") {
      // one arrow button without JavaScript: "<id>:<step>" applied to the saved tree
      const [rawId, step] = String(values.step ?? "").split(":");
      const stepId = parseIdFromParam(rawId ?? "");
      const current = (await context.services.catalog.listCategories()).map(({ _id, parent, order }) => ({
        _id,
        parent,
        order,
      }));
      const next =
        stepId !== null && STEPS.includes(step as TreeStep)
          ? stepCategory(current, stepId, step as TreeStep)
          : null;
      if (!next) return redirectWithFlash(PATH, { type: "error", key: "errors.formContainsErrors" });
      items = changedNodes(current, next);
    }
    const parsed = categoriesOrderSchema.safeParse(items);
    if (!parsed.success) {
      return failure({ intent: "reorder", formError: "errors.formContainsErrors" }, 400);
    }
    const result = await categoryAdmin.reorderCategories(user, parsed.data);
    if (!result.ok) {
      return failure(
        { intent: "reorder", formError: errorMessageKey(result.code) },
        errorStatus(result.code),
      );
    }
    return redirectWithFlash(PATH, { type: "success", key: "staff.sortable.orderSaved" });
  }

  return redirectWithFlash(PATH, { type: "error", key: "errors.formContainsErrors" });
}

export default function StaffCategories() {
  const t = useT();
  const { categories, parents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Partial<ActionFailure> | undefined;
  const createFailure =
    answer && (answer.intent === "create" || answer.intent === undefined) ? answer : undefined;
  const submitting = useSubmitting();
  const { errors, formError, onSubmit, onChange } = useFormValidation(categoryFormSchema, {
    serverErrors: createFailure?.errors,
    serverFormError: createFailure?.formError,
  });
  const pageError =
    answer && (answer.intent === "delete" || answer.intent === "reorder") ? answer.formError : undefined;
  const renameFailure =
    answer?.intent === "rename" && answer.id !== undefined
      ? {
          id: answer.id,
          title: answer.values?.title ?? "",
          titleEn: answer.values?.titleEn ?? "",
          errors: answer.errors ?? {},
        }
      : undefined;
  const shown = createFailure?.values ?? {};
  const field = bindFields(shown, errors);

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.kategorie")}
      </h1>
      {pageError ? <FormAlert message={t(pageError)} /> : null}

      <section
        aria-labelledby="category-add"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
      >
        <h2 id="category-add" className="text-lg font-semibold text-stone-900">
          {t("staff.categories.add")}
        </h2>
        <ValidatedForm
          onSubmit={onSubmit}
          onChange={onChange}
          className="mt-3 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="create" />
          {formError ? (
            <div className="sm:col-span-3">
              <FormAlert message={t(formError)} />
            </div>
          ) : null}
          <TextField {...field("title")} label={t("staff.categories.name")} />
          <LabelledField id="category-parent" label={t("staff.categories.parent")}>
            <select
              id="category-parent"
              name="parent"
              defaultValue={shown.parent ?? ""}
              className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
            >
              <option value="">{t("staff.categories.topLevel")}</option>
              {parents.map((parent) => (
                <option key={parent._id} value={parent._id}>
                  {`${"\u00a0\u00a0".repeat(parent.depth)}${parent.depth > 0 ? "└ " : ""}${parent.title}`}
                </option>
              ))}
            </select>
            {errors.parent ? (
              <p className="mt-1.5 text-sm font-medium text-red-700">{t(errors.parent.key)}</p>
            ) : null}
          </LabelledField>
          <SubmitButton pending={submitting}>{t("staff.categories.add")}</SubmitButton>
          <div className="sm:col-span-3">
            <EnglishVersion values={{ titleEn: shown.titleEn }} errors={errors}>
              <TextField {...field("titleEn")} label={t("staff.english.title")} optional />
            </EnglishVersion>
          </div>
        </ValidatedForm>
      </section>

      {categories.length === 0 ? (
        <p className="text-stone-700">{t("staff.empty")}</p>
      ) : (
        <CategoryTreeEditor
          categories={categories satisfies EditableCategory[]}
          renameFailure={renameFailure}
        />
      )}
    </div>
  );
}
