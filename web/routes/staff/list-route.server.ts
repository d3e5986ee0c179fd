import type { AppLoadContext } from "react-router";
import type { PublicUser } from "../../../domain/types";
import type { Result } from "../../../server/web-door";
import { CONTENT_LISTS, type ContentListSection } from "../../components/staff/content/content-lists";
import { listParams } from "../../components/staff/content/staff-ui";
import type { FlashInput } from "../../lib/flash";
import { deleteFromList, requireStaff } from "../../lib/staff.server";
import { STAFF_SECTIONS } from "../../lib/staff-paths";

// The loader and the delete action of a searched, paged staff list (pages, blog, coupons, creators,
// games, product fields): each route names only its service's search and remove.

type Services = AppLoadContext["services"];
type ListArgs = { context: AppLoadContext; request: Request };

/** A shop moderator's list: ?szukaj= and ?strona= to `search`, the search text given back for the box. */
export function searchedListLoader<L extends object>(
  search: (services: Services, query: { search: string; page: number }) => Promise<L>,
) {
  return async ({ context, request }: ListArgs) => {
    requireStaff(context, request);
    const query = listParams(request);
    return { ...(await search(context.services, query)), search: query.search };
  };
}

/**
 * A content list's delete button (deleteFromList): back to the list with its "removed" toast, or
 * `success` when the message depends on what was removed.
 */
export function deleteListedAction<T>(
  section: ContentListSection,
  remove: (services: Services, user: PublicUser, id: number) => Promise<Result<T>>,
  success: FlashInput | ((removed: T) => FlashInput) = {
    type: "success",
    key: CONTENT_LISTS[section].removed,
  },
) {
  return async ({ context, request }: ListArgs) => {
    const user = requireStaff(context, request);
    const back = STAFF_SECTIONS[section];
    return deleteFromList(
      await request.formData(),
      back,
      (id) => remove(context.services, user, id),
      success,
    );
  };
}
