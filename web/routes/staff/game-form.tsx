import { data, useActionData, useLoaderData } from "react-router";
import { parseIdFromParam } from "../../../domain/slug";
import { parseForm } from "../../../domain/validation/errors";
import { DesignRecordForm } from "../../components/staff/content/design-record-form";
import { gameFormSchema } from "../../components/staff/content/design-record-schemas";
import { imageUrlOf, postedValues, typedValues } from "../../components/staff/content/form-values";
import { failedForm, invalidForm } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/game-form";

// /konto/sklep/gry/dodaj and /konto/sklep/gry/edytuj/{id}: title, description, image (gallery
// folder "gry") and link.

export function meta({ matches, params }: Route.MetaArgs) {
  const key = params.id ? "staff.content.editGame" : "staff.content.addGame";
  return staffMeta(matches, key);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  if (params.id === undefined)
    return { editing: null, values: { title: "", description: "", image: "", link: "" } };
  const id = parseIdFromParam(params.id);
  const game = id === null ? null : await context.services.creatorsAdmin.getGame(id);
  if (!game) throw data(null, { status: 404 });
  return {
    editing: game._id,
    values: {
      title: game.title,
      description: game.description,
      image: game.image ?? "",
      link: game.link ?? "",
    },
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const values = postedValues(await request.formData());
  const typed = typedValues({ ...values, image: imageUrlOf(values.image) });
  const parsed = parseForm(gameFormSchema, values);
  if (!parsed.ok) return invalidForm(parsed.errors, typed);
  const id = params.id === undefined ? null : parseIdFromParam(params.id);
  if (params.id !== undefined && id === null) throw data(null, { status: 404 });
  const service = context.services.creatorsAdmin;
  const result =
    id === null
      ? await service.createGame(user, parsed.data)
      : await service.updateGame(user, id, parsed.data);
  if (!result.ok) return failedForm(result, typed);
  return redirectWithFlash(STAFF_SECTIONS.games, {
    type: "success",
    key: id === null ? "staff.content.gameAdded" : "staff.content.gameUpdated",
  });
}

export default function StaffGameForm() {
  const t = useT();
  const { editing, values } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <DesignRecordForm
      title={t(editing === null ? "staff.content.addGame" : "staff.content.editGame")}
      schema={gameFormSchema}
      values={values}
      failure={failure as Parameters<typeof DesignRecordForm>[0]["failure"]}
      uploadFolder="gry"
      backTo={STAFF_SECTIONS.games}
    />
  );
}
