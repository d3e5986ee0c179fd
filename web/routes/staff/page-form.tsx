import { useActionData, useLoaderData } from "react-router";
import type { EnglishOf } from "../../../domain/english-texts";
import { can } from "../../../domain/roles";
import { parseIdFromParam } from "../../../domain/slug";
import type { Page } from "../../../domain/types";
import { bindFields } from "../../components/bind-fields";
import { CheckboxField, TextField } from "../../components/form-field";
import {
  imageRefsOfUrl,
  pageFormValuesSchema,
  typedWithImageUrl,
} from "../../components/staff/content/form-values";
import { EnglishTitleAndHtml } from "../../components/staff/english-title-and-html";
import { RichTextEditor } from "../../components/staff/rich-text-editor";
import { SingleImageField } from "../../components/staff/staff-fields";
import { ContentFormScreen, useStaffFormValidation } from "../../components/staff/staff-form";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, staffFormAction } from "../../lib/staff-form-route.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/page-form";

// /konto/sklep/strony/dodaj (also ?kopiuj={id}: a copy of a page that is not protected) and
// /konto/sklep/strony/edytuj/{id}: link, title, image (gallery folder "strony"), HTML content
// (rich-text editor; sanitised by the server) and the protected flag; the English title, link and
// content in the folding "Wersja angielska" group (a copy's links get "-kopia" / "-copy").

export function meta({ matches, params }: Route.MetaArgs) {
  const key = params.id ? "staff.content.editPage" : "staff.content.addPage";
  return staffMeta(matches, key);
}

interface PageFormValues {
  link: string;
  title: string;
  image: string;
  content: string;
  titleEn: string;
  linkEn: string;
  contentEn: string;
  protected: boolean;
}

const valuesOf = (page: (Page & EnglishOf<"page">) | null, copy = false): PageFormValues => ({
  link: page ? (copy ? `${page.link}-kopia` : page.link) : "",
  title: page?.title ?? "",
  image: page?.image ?? "",
  content: page?.content ?? "",
  titleEn: page?.titleEn ?? "",
  linkEn: page?.linkEn && copy ? `${page.linkEn}-copy` : (page?.linkEn ?? ""),
  contentEn: page?.contentEn ?? "",
  protected: copy ? false : (page?.protected ?? false),
});

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  // only an admin may protect a page or take the protection away (domain/roles.ts)
  const canProtect = can(user, "pages:protect");
  const page = await editedRecord(params, (id) => context.services.pageAdmin.get(id));
  if (page) return { editing: page._id, values: valuesOf(page), canProtect };
  const copyId = parseIdFromParam(new URL(request.url).searchParams.get("kopiuj"));
  const source = copyId === null ? null : await context.services.pageAdmin.get(copyId);
  // a protected page is not duplicated: the form starts empty
  return { editing: null, values: valuesOf(source && !source.protected ? source : null, true), canProtect };
}

export function action(args: Route.ActionArgs) {
  return staffFormAction(args, {
    section: "pages",
    schema: pageFormValuesSchema,
    posted: { booleans: ["protected"] },
    kept: typedWithImageUrl,
    writes: (services) => services.pageAdmin,
    added: "success.pageAdded",
    updated: "success.pageUpdated",
  });
}

export default function StaffPageForm() {
  const t = useT();
  const { editing, values, canProtect } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const validation = useStaffFormValidation(pageFormValuesSchema, failure, ["protected"]);
  const { errors } = validation;
  const typed = failure?.values as Partial<Record<keyof PageFormValues, string>> | undefined;
  const shown = typed ? { ...values, ...typed, protected: typed.protected === "on" } : values;
  const field = bindFields(shown, errors);
  return (
    <ContentFormScreen
      title={t(editing === null ? "staff.content.addPage" : "staff.content.editPage")}
      validation={validation}
      backTo={STAFF_SECTIONS.pages}
    >
      <TextField
        {...field("link")}
        label={t("staff.content.link")}
        hint={t("staff.content.linkHint")}
        autoCapitalize="none"
      />
      <TextField {...field("title")} label={t("staff.content.title")} />
      <SingleImageField folder="strony" value={imageRefsOfUrl(shown.image)} error={errors.image} />
      <RichTextEditor
        name="content"
        id="page-content"
        label={t("staff.content.content")}
        defaultValue={shown.content}
        error={errors.content ? t(errors.content.key, errors.content.params) : undefined}
      />
      <EnglishTitleAndHtml
        values={{ titleEn: shown.titleEn, linkEn: shown.linkEn, contentEn: shown.contentEn }}
        html={{ name: "contentEn", id: "page-content-en", label: t("staff.english.content") }}
        errors={errors}
      >
        <TextField
          {...field("linkEn")}
          label={t("staff.english.link")}
          hint={t("staff.english.linkHint")}
          optional
          autoCapitalize="none"
        />
      </EnglishTitleAndHtml>
      <CheckboxField
        name="protected"
        label={t("staff.content.protectedHint")}
        defaultChecked={shown.protected}
        disabled={!canProtect}
        error={errors.protected}
      />
    </ContentFormScreen>
  );
}
