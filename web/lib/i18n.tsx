import { useRouteLoaderData } from "react-router";
import { createTranslator, DEFAULT_LANG, type Lang, type Translator } from "../../domain/i18n";
import type { loader as rootLoader } from "../root";

/** The current language, from the root loader data (Polish when it is missing, e.g. in an error page). */
export function useLang(): Lang {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.lang ?? DEFAULT_LANG;
}

/** The translator for the current language: `const t = useT(); t("nav.sale")`. */
export function useT(): Translator {
  return createTranslator(useLang());
}
