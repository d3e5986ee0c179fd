import { Link, useLocation } from "react-router";
import type { Lang } from "../../domain/i18n";
import type { Page } from "../../domain/types";
import { WITHDRAWAL_PATH } from "../../domain/withdrawal-path";
import { useLang, useT } from "../lib/i18n";
import { ACCEPT_COOKIES_PATH } from "../lib/paths";
import { CONTAINER, DEFAULT_FOOTER_PAGES, SHOP_NAME, SOCIAL_LINKS } from "../lib/site";
import { ConsentButton } from "./consent-button";
import { FacebookIcon, InstagramIcon } from "./icons";

/** The shop's profiles linked in the footer, in their order. */
const SOCIAL = [
  { network: "facebook", label: "footer.facebook", Icon: FacebookIcon },
  { network: "instagram", label: "footer.instagram", Icon: InstagramIcon },
] as const;

export type FooterPage = Pick<Page, "_id" | "link" | "title">;

/**
 * Pages in the visitor's language: a page whose link ends in "-en" (e.g. dev-info-en) is the
 * English twin of the page without the suffix; show the twin in English and the original in
 * Polish. Pages without a twin show in both.
 */
export function pagesForLang(pages: readonly FooterPage[], lang: Lang): FooterPage[] {
  const links = new Set(pages.map((page) => page.link));
  return pages.filter((page) => {
    const isEnglishTwin = page.link.endsWith("-en") && links.has(page.link.slice(0, -3));
    if (isEnglishTwin) return lang === "en";
    return !(lang === "en" && links.has(`${page.link}-en`));
  });
}

/**
 * Footer (SPEC §2): social links, the static pages (from the pages list, else the default
 * set with translated titles), the current year and the shop name, and the cookie settings
 * (reopens the cookie notice). Below every page's content, so the browser loads its code while
 * hydrating the rest (web/root.tsx, web/lib/lazy-in-browser.ts).
 */
export function SiteFooter({ pages, year }: { pages: readonly FooterPage[]; year: number }) {
  const t = useT();
  const lang = useLang();
  const pageLinks =
    pages.length > 0
      ? pagesForLang(pages, lang).map((page) => ({
          key: String(page._id),
          to: `/${page.link}`,
          title: page.title,
        }))
      : DEFAULT_FOOTER_PAGES.map((page) => ({
          key: page.link,
          to: `/${page.link}`,
          title: t(page.titleKey),
        }));
  // the withdrawal function last, on every page (issue 27; consumer rights act art. 11a)
  const links = [...pageLinks, { key: WITHDRAWAL_PATH, to: WITHDRAWAL_PATH, title: t("footer.withdrawal") }];
  const socialClass =
    "inline-flex size-10 items-center justify-center rounded-full border border-stone-600 text-stone-200 hover:border-stone-300 hover:text-white";

  return (
    <footer className="mt-16 bg-stone-800 text-stone-200">
      <div className={`${CONTAINER} grid gap-8 py-10 sm:grid-cols-2`}>
        <nav aria-label={t("footer.information")}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            {t("footer.information")}
          </h2>
          <ul className="mt-3 grid gap-x-6 gap-y-2 min-[420px]:grid-cols-2">
            {links.map((link) => (
              <li key={link.key}>
                <Link to={link.to} className="rounded-sm underline-offset-4 hover:text-white hover:underline">
                  {link.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sm:justify-self-end">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t("footer.followUs")}</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL.map(({ network, label, Icon }) => (
              <li key={network}>
                <a
                  href={SOCIAL_LINKS[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(label)}
                  className={socialClass}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-700">
        <div
          className={`${CONTAINER} flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-4 text-sm text-stone-300`}
        >
          <p>
            {SHOP_NAME} {t("footer.copyright", { year })}
          </p>
          <CookieSettingsButton className="rounded-sm underline underline-offset-4 hover:text-white" />
        </div>
      </div>
    </footer>
  );
}

/**
 * Footer button reopening the cookie notice, so a decision can be changed as easily as it was
 * made. Without JavaScript it posts `decision=ask`, which forgets the answer.
 */
export function CookieSettingsButton({ className = "" }: { className?: string }) {
  const t = useT();
  const location = useLocation();
  return (
    <form method="post" action={ACCEPT_COOKIES_PATH}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <ConsentButton decision="ask" className={className}>
        {t("cookies.settings")}
      </ConsentButton>
    </form>
  );
}
