import { useLoaderData } from "react-router";
import { listParams, RecordActions, StaffList } from "../../components/staff/content/staff-ui";
import { useT } from "../../lib/i18n";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath } from "../../lib/staff-paths";
import type { Route } from "./+types/games";

// /konto/sklep/gry: the games (search, paging) with edit and delete.

export function meta({ matches: routeMatches }: Route.MetaArgs) {
  return staffMeta(routeMatches, "staff.segment.gry");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const query = listParams(request);
  return { ...(await context.services.creatorsAdmin.searchGames(query)), search: query.search };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  return deleteFromList(
    await request.formData(),
    STAFF_SECTIONS.games,
    (id) => context.services.creatorsAdmin.removeGame(user, id),
    { type: "success", key: "staff.content.gameRemoved" },
  );
}

export default function StaffGames() {
  const t = useT();
  const { items, page, pages, search } = useLoaderData<typeof loader>();
  return (
    <StaffList
      title={t("staff.segment.gry")}
      add={{ to: staffAddPath("games"), label: t("staff.content.addGame") }}
      searchLabel={t("staff.content.searchGames")}
      search={search}
      items={items}
      page={page}
      pages={pages}
      row={(game) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold text-stone-900">{game.title}</p>
            {game.description ? (
              <p className="line-clamp-2 text-sm text-stone-700">{game.description}</p>
            ) : null}
          </div>
          <RecordActions section="games" id={game._id} name={game.title} />
        </>
      )}
    />
  );
}
