import { useLoaderData } from "react-router";
import { CONTENT_LISTS } from "../../components/staff/content/content-lists";
import { StaffList } from "../../components/staff/content/staff-ui";
import { staffMeta } from "../../lib/staff-meta";
import type { Route } from "./+types/games";
import { deleteListedAction, searchedListLoader } from "./list-route.server";

// /konto/sklep/gry: the games (search, paging) with edit and delete.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, CONTENT_LISTS.games.title);
}

export const loader = searchedListLoader((services, query) => services.creatorsAdmin.searchGames(query));

export const action = deleteListedAction("games", (services, user, id) =>
  services.creatorsAdmin.removeGame(user, id),
);

export default function StaffGames() {
  return (
    <StaffList
      section="games"
      list={useLoaderData<typeof loader>()}
      name={(game) => game.title}
      details={(game) => (
        <>
          <p className="font-semibold text-stone-900">{game.title}</p>
          {game.description ? (
            <p className="line-clamp-2 text-sm text-stone-700">{game.description}</p>
          ) : null}
        </>
      )}
    />
  );
}
