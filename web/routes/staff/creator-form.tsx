import { useActionData, useLoaderData } from "react-router";
import { DesignRecordForm } from "../../components/staff/content/design-record-form";
import { creatorFormSchema } from "../../components/staff/content/design-record-schemas";
import { typedWithImageUrl } from "../../components/staff/content/form-values";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, staffFormAction } from "../../lib/staff-form-route.server";
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
  const creator = await editedRecord(params, (id) => context.services.creatorsAdmin.getCreator(id));
  if (!creator) {
    return {
      editing: null,
      categories,
      values: { title: "", description: "", image: "", link: "", category: "" },
    };
  }
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

export function action(args: Route.ActionArgs) {
  return staffFormAction(args, {
    section: "creators",
    schema: creatorFormSchema,
    kept: typedWithImageUrl,
    writes: ({ creatorsAdmin }) => ({
      create: creatorsAdmin.createCreator,
      update: creatorsAdmin.updateCreator,
    }),
    added: "staff.content.creatorAdded",
    updated: "staff.content.creatorUpdated",
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
