import { Link, useLoaderData } from "react-router";
import {
  DeleteButton,
  listParams,
  matches,
  pageOf,
  SECONDARY_BUTTON,
  StaffList,
} from "../../components/staff/content/staff-ui";
import { useT } from "../../lib/i18n";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath, staffEditPath } from "../../lib/staff-paths";
import type { Route } from "./+types/games";

// /konto/sklep/gry: the games (search, paging) with edit and delete.

export function meta({ matches: routeMatches }: Route.MetaArgs) {
  return staffMeta(routeMatches, "staff.segment.gry");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const { search, page } = listParams(request);
  const all = (await context.services.creators.listGames()).filter((g) =>
    matches(search, g.title, g.description),
  );
  return { ...pageOf(all, page), search };
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
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link
              to={staffEditPath("games", game._id)}
              aria-label={`${t("staff.edit")}: ${game.title}`}
              className={SECONDARY_BUTTON}
            >
              {t("staff.edit")}
            </Link>
            <DeleteButton id={game._id} name={game.title} />
          </div>
        </>
      )}
    />
  );
}
