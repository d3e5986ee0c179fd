import { useActionData, useLoaderData } from "react-router";
import { bindFields } from "../../components/bind-fields";
import { TextAreaField, TextField } from "../../components/form-field";
import { EnglishVersion } from "../../components/staff/english-version";
import { ImagePicker } from "../../components/staff/image-picker";
import { TaxonomyFormScreen, useStaffFormValidation } from "../../components/staff/staff-form";
import { imageRefsOf, pickedImage, slideFormSchema } from "../../components/staff/taxonomy/taxonomy-forms";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, saveStaffForm } from "../../lib/staff-form-route.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/slide-form";

// /konto/sklep/naglowek/dodaj and /naglowek/edytuj/{id}: a home banner slide — image (from the
// gallery or uploaded into "naglowek"), title, description, link and order (blank = last / kept);
// the English title and description in the folding "Wersja angielska" group.

const FIELDS = ["image", "title", "description", "titleEn", "descriptionEn", "link", "order"] as const;

export function meta({ matches, params }: Route.MetaArgs) {
  return staffMeta(matches, params.id ? "staff.segment.edytuj" : "staff.slides.add");
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { slide: await editedRecord(params, (id) => context.services.slideAdmin.getSlide(id)) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const slide = await editedRecord(params, (id) => context.services.slideAdmin.getSlide(id));
  const values = formValues(await request.formData());
  const service = context.services.slideAdmin;
  return saveStaffForm({
    id: slide?._id ?? null,
    schema: slideFormSchema,
    values,
    kept: keepValues(values, FIELDS),
    create: (input) => service.createSlide(user, input),
    update: (id, input) => service.updateSlide(user, id, input),
    backTo: STAFF_SECTIONS.slides,
    added: "success.slideAdded",
    updated: "success.slideUpdated",
  });
}

export default function StaffSlideForm() {
  const t = useT();
  const { slide } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const validation = useStaffFormValidation(slideFormSchema, failure);
  const { errors } = validation;
  const typed = failure?.values as Partial<Record<(typeof FIELDS)[number], string>> | undefined;
  const typedImage = typed ? pickedImage(typed.image) : null;
  const shown = {
    image: typed ? (typedImage ? [typedImage] : []) : imageRefsOf(slide?.image.url),
    title: typed?.title ?? slide?.title ?? "",
    description: typed?.description ?? slide?.description ?? "",
    titleEn: typed?.titleEn ?? slide?.titleEn ?? "",
    descriptionEn: typed?.descriptionEn ?? slide?.descriptionEn ?? "",
    link: typed?.link ?? slide?.link ?? "",
    order: typed?.order ?? (slide ? String(slide.order) : ""),
  };
  const field = bindFields(shown, errors);
  const imageError = errors.image ?? errors["image.url"];

  return (
    <TaxonomyFormScreen section="slides" editedTitle={slide?.title} validation={validation}>
      <ImagePicker
        name="image"
        label={t("staff.slides.image")}
        defaultValue={shown.image}
        multiple={false}
        uploadFolder="naglowek"
        error={imageError ? t(imageError.key) : undefined}
      />
      <TextField {...field("title")} label={t("staff.slides.title")} />
      <TextAreaField {...field("description")} label={t("staff.slides.description")} optional rows={3} />
      <EnglishVersion values={{ titleEn: shown.titleEn, descriptionEn: shown.descriptionEn }} errors={errors}>
        <TextField {...field("titleEn")} label={t("staff.english.title")} optional />
        <TextAreaField {...field("descriptionEn")} label={t("staff.english.description")} optional rows={3} />
      </EnglishVersion>
      <TextField
        {...field("link")}
        label={t("staff.slides.link")}
        hint={t("staff.slides.linkHint")}
        optional
        inputMode="url"
      />
      <TextField
        {...field("order")}
        label={t("staff.slides.order")}
        hint={t("staff.slides.orderHint")}
        optional
        inputMode="numeric"
        className="max-w-48"
      />
    </TaxonomyFormScreen>
  );
}
