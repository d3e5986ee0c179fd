import type { MessageKey } from "../../../../domain/i18n";

// The texts of each content list screen (pages, blog, coupons, creators, games): its title (also the
// page's <title>), the "Dodaj" link, the search box's label and the toast after a delete. The screens
// and their actions read them here, so a list is described once.

interface ContentListTexts {
  title: MessageKey;
  add: MessageKey;
  search: MessageKey;
  removed: MessageKey;
}

export const CONTENT_LISTS = {
  pages: {
    title: "staff.segment.strony",
    add: "staff.content.addPage",
    search: "staff.content.searchPages",
    removed: "success.pageRemoved",
  },
  blog: {
    title: "staff.segment.blog",
    add: "staff.content.addArticle",
    search: "staff.content.searchArticles",
    removed: "success.blogRemoved",
  },
  coupons: {
    title: "staff.segment.kody",
    add: "staff.content.addCoupon",
    search: "staff.content.searchCoupons",
    removed: "success.couponRemoved",
  },
  creators: {
    title: "staff.segment.tworcy",
    add: "staff.content.addCreator",
    search: "staff.content.searchCreators",
    removed: "staff.content.creatorRemoved",
  },
  games: {
    title: "staff.segment.gry",
    add: "staff.content.addGame",
    search: "staff.content.searchGames",
    removed: "staff.content.gameRemoved",
  },
} as const satisfies Record<string, ContentListTexts>;

export type ContentListSection = keyof typeof CONTENT_LISTS;
