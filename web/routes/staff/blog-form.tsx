import { useId } from "react";
import { useActionData, useLoaderData } from "react-router";
import type { EnglishOf } from "../../../domain/english-texts";
import { parseIdFromParam } from "../../../domain/slug";
import type { BlogArticle, ImageRef } from "../../../domain/types";
import { bindFields } from "../../components/bind-fields";
import { CheckboxField, TextAreaField, TextField } from "../../components/form-field";
import { blogFormValuesSchema } from "../../components/staff/content/form-values";
import { EnglishTitleAndHtml } from "../../components/staff/english-title-and-html";
import { RichTextEditor } from "../../components/staff/rich-text-editor";
import { SelectField, SingleImageField } from "../../components/staff/staff-fields";
import { ContentFormScreen, useStaffFormValidation } from "../../components/staff/staff-form";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, staffFormAction } from "../../lib/staff-form-route.server";
import { parseJsonArrayField } from "../../lib/staff-forms";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/blog-form";

// /konto/sklep/blog/dodaj (also ?kopiuj={id}) and /konto/sklep/blog/edytuj/{id}: title, tags, image
// (gallery folder "blog"), HTML content (rich-text editor; sanitised by the server) and related
// products (hasSlides, slides, slidesTitle, slidesDescription); the English title and content in the
// folding "Wersja angielska" group (the English slug is made from the English title on save).

export function meta({ matches, params }: Route.MetaArgs) {
  const key = params.id ? "staff.content.editArticle" : "staff.content.addArticle";
  return staffMeta(matches, key);
}

interface BlogFormValues {
  title: string;
  tags: string;
  image: ImageRef[];
  content: string;
  titleEn: string;
  contentEn: string;
  hasSlides: boolean;
  slides: number[];
  slidesTitle: string;
  slidesDescription: string;
}

const valuesOf = (article: (BlogArticle & EnglishOf<"article">) | null): BlogFormValues => ({
  title: article?.title ?? "",
  tags: article?.tags.join(", ") ?? "",
  image: article?.image ? [article.image] : [],
  content: article?.content ?? "",
  titleEn: article?.titleEn ?? "",
  contentEn: article?.contentEn ?? "",
  hasSlides: article?.hasSlides ?? false,
  slides: article?.slides ?? [],
  slidesTitle: article?.slidesTitle ?? "",
  slidesDescription: article?.slidesDescription ?? "",
});

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const products = (await context.services.catalog.listProductsBasic({ includeHidden: true })).map((p) => ({
    _id: p._id,
    title: p.title,
  }));
  const article = await editedRecord(params, (id) => context.services.blogAdmin.get(id));
  if (article) return { editing: article._id, values: valuesOf(article), products };
  const copyId = parseIdFromParam(new URL(request.url).searchParams.get("kopiuj"));
  const source = copyId === null ? null : await context.services.blogAdmin.get(copyId);
  return { editing: null, values: valuesOf(source), products };
}

export function action(args: Route.ActionArgs) {
  return staffFormAction(args, {
    section: "blog",
    schema: blogFormValuesSchema,
    posted: { booleans: ["hasSlides"], multi: ["slides"] },
    writes: (services) => services.blogAdmin,
    added: "success.blogAdded",
    updated: "success.blogUpdated",
  });
}

/** The form's values after a refused submit (text as typed), else the loaded ones. */
function shownValues(values: BlogFormValues, typed: Record<string, string> | undefined): BlogFormValues {
  if (!typed) return values;
  return {
    title: typed.title ?? "",
    tags: typed.tags ?? "",
    image: parseJsonArrayField(typed.image ?? "[]") as ImageRef[],
    content: typed.content ?? "",
    titleEn: typed.titleEn ?? "",
    contentEn: typed.contentEn ?? "",
    hasSlides: typed.hasSlides === "on",
    slides: (typed.slides ?? "").split(",").filter(Boolean).map(Number),
    slidesTitle: typed.slidesTitle ?? "",
    slidesDescription: typed.slidesDescription ?? "",
  };
}

export default function StaffBlogForm() {
  const t = useT();
  const selectId = useId();
  const { editing, values, products } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const validation = useStaffFormValidation(blogFormValuesSchema, failure, ["hasSlides"]);
  const { errors } = validation;
  const shown = shownValues(values, failure?.values as Record<string, string> | undefined);
  const field = bindFields(shown, errors);
  const errorText = (name: string) => {
    const error = errors[name];
    return error ? t(error.key, error.params) : undefined;
  };
  return (
    <ContentFormScreen
      title={t(editing === null ? "staff.content.addArticle" : "staff.content.editArticle")}
      validation={validation}
      backTo={STAFF_SECTIONS.blog}
    >
      <TextField {...field("title")} label={t("staff.content.title")} />
      <TextField {...field("tags")} label={t("staff.content.tags")} hint={t("staff.content.tagsHint")} />
      <SingleImageField folder="blog" value={shown.image} error={errors.image ?? errors["image.url"]} />
      <RichTextEditor
        name="content"
        id="blog-content"
        label={t("staff.content.content")}
        defaultValue={shown.content}
        error={errorText("content")}
      />
      <EnglishTitleAndHtml
        values={{ titleEn: shown.titleEn, contentEn: shown.contentEn }}
        html={{ name: "contentEn", id: "blog-content-en", label: t("staff.english.content") }}
        errors={errors}
        slugHint
      />
      <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-800">{t("staff.content.related")}</legend>
        <CheckboxField
          name="hasSlides"
          label={t("staff.content.hasSlides")}
          defaultChecked={shown.hasSlides}
        />
        <SelectField
          id={selectId}
          name="slides"
          label={t("staff.content.relatedProducts")}
          hint={t("staff.content.multiSelectHint")}
          error={errors.slides}
          multiple
          size={8}
          defaultValue={shown.slides.map(String)}
          className="block w-full rounded-lg border border-stone-300 bg-white px-2 py-2 text-base"
        >
          {products.map((product) => (
            <option key={product._id} value={product._id}>
              {product.title}
            </option>
          ))}
        </SelectField>
        <TextField {...field("slidesTitle")} label={t("staff.content.slidesTitle")} optional />
        <TextAreaField
          {...field("slidesDescription")}
          label={t("staff.content.slidesDescription")}
          rows={3}
        />
      </fieldset>
    </ContentFormScreen>
  );
}
