import { and, inArray, ne, or } from "drizzle-orm";
import type { Id } from "../../../domain/types";
import type { Tx } from "../../db/client";
import { pages } from "../../db/schema";
import { livePage } from "../trash/live";

// A page is found by its link or its English link (issue 30, ADR 078), so both share one space:
// among live pages a path is at most one page's link or English link. The page form and the trash's
// restore ask here. (The partial unique index on link catches a race on the Polish links; English
// links are checked here only: staff rarely write pages at the same moment.)

/** Which of `links` (blanks ignored) a live page other than `exceptId` has as its link or English link. */
export async function takenPageLinks(tx: Tx, links: readonly string[], exceptId?: Id): Promise<Set<string>> {
  const wanted = [...new Set(links.filter((link) => link !== ""))];
  if (wanted.length === 0) return new Set();
  const rows = await tx
    .select({ link: pages.link, linkEn: pages.linkEn })
    .from(pages)
    .where(
      and(
        livePage,
        exceptId === undefined ? undefined : ne(pages.id, exceptId),
        or(inArray(pages.link, wanted), inArray(pages.linkEn, wanted)),
      ),
    );
  const used = new Set(rows.flatMap((row) => [row.link, row.linkEn]));
  return new Set(wanted.filter((link) => used.has(link)));
}
