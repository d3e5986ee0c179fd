// Shop-wide constants of the storefront shell.

/**
 * The shop's name (a brand name, the same in every language). There is no message key
 * for it yet; move it to the catalog or the public settings when one exists.
 */
export const SHOP_NAME = "Szyciowo";

/** Social profiles linked from the footer (placeholders until the shop's real profiles are configured). */
export const SOCIAL_LINKS = {
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
} as const;

/** Static pages the footer links to when the pages list is empty (SPEC §2 Navigation). */
export const DEFAULT_FOOTER_PAGES = [
  { link: "o-nas", titleKey: "footer.aboutUs" },
  { link: "kontakt", titleKey: "footer.contact" },
  { link: "regulamin", titleKey: "footer.terms" },
  { link: "polityka-prywatnosci", titleKey: "footer.privacyPolicy" },
  { link: "wysylka-i-platnosci", titleKey: "footer.shippingAndPayments" },
] as const;

/** Layout width of the page content (SPEC §9). */
export const CONTAINER = "mx-auto w-full max-w-[1340px] px-4 sm:px-6";
