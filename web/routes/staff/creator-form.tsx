import { data, useActionData, useLoaderData } from "react-router";
import { parseIdFromParam } from "../../../domain/slug";
import { parseForm } from "../../../domain/validation/errors";
import { DesignRecordForm } from "../../components/staff/content/design-record-form";
import { creatorFormSchema } from "../../components/staff/content/design-record-schemas";
import { imageUrlOf, postedValues, typedValues } from "../../components/staff/content/form-values";
import { failedForm, invalidForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/creator-form";

// /konto/sklep/tworcy/dodaj and /konto/sklep/tworcy/edytuj/{id}: title, description, image (gallery
// folder "tworcy"), link and category.

export function meta({ matches, params }: Route.MetaArgs) {
  const key = params.id ? "staff.content.editCreator" : "staff.content.addCreator";
  return staffMeta(matches, key);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const categories = await context.services.creators.listCreatorCategories();
  if (params.id === undefined) {
    return {
      editing: null,
      categories,
      values: { title: "", description: "", image: "", link: "", category: "" },
    };
  }
  const id = parseIdFromParam(params.id);
  const creator = id === null ? null : await context.services.creatorsAdmin.getCreator(id);
  if (!creator) throw data(null, { status: 404 });
  return {
    editing: creator._id,
    categories,
    values: {
      title: creator.title,
      description: creator.description,
      image: creator.image ?? "",
      link: creator.link ?? "",
      category: creator.category === null ? "" : String(creator.category),
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const values = postedValues(await request.formData());
  const typed = typedValues({ ...values, image: imageUrlOf(values.image) });
  const parsed = parseForm(creatorFormSchema, values);
  if (!parsed.ok) return invalidForm(parsed.errors, typed);
  const id = params.id === undefined ? null : parseIdFromParam(params.id);
  if (params.id !== undefined && id === null) throw data(null, { status: 404 });
  const service = context.services.creatorsAdmin;
  const result =
    id === null
      ? await service.createCreator(user, parsed.data)
      : await service.updateCreator(user, id, parsed.data);
  if (!result.ok) return failedForm(result, typed);
  return redirectWithFlash(STAFF_SECTIONS.creators, {
    type: "success",
    key: id === null ? "staff.content.creatorAdded" : "staff.content.creatorUpdated",
  });
}

export default function StaffCreatorForm() {
  const t = useT();
  const { editing, categories, values } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <DesignRecordForm
      title={t(editing === null ? "staff.content.addCreator" : "staff.content.editCreator")}
      schema={creatorFormSchema}
      values={values}
      failure={failure as Parameters<typeof DesignRecordForm>[0]["failure"]}
      uploadFolder="tworcy"
      categories={categories}
      backTo={STAFF_SECTIONS.creators}
    />
  );
}
