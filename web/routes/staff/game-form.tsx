import { useActionData, useLoaderData } from "react-router";
import { DesignRecordForm } from "../../components/staff/content/design-record-form";
import { gameFormSchema } from "../../components/staff/content/design-record-schemas";
import { typedWithImageUrl } from "../../components/staff/content/form-values";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { editedRecord, staffFormAction } from "../../lib/staff-form-route.server";
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
  const game = await editedRecord(params, (id) => context.services.creatorsAdmin.getGame(id));
  if (!game) return { editing: null, values: { title: "", description: "", image: "", link: "" } };
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

export function action(args: Route.ActionArgs) {
  return staffFormAction(args, {
    section: "games",
    schema: gameFormSchema,
    kept: typedWithImageUrl,
    writes: ({ creatorsAdmin }) => ({ create: creatorsAdmin.createGame, update: creatorsAdmin.updateGame }),
    added: "staff.content.gameAdded",
    updated: "staff.content.gameUpdated",
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
