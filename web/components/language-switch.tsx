import { Form, useLocation } from "react-router";
import type { Lang } from "../../domain/i18n";
import { useLang, useT } from "../lib/i18n";
import { SET_LANGUAGE_PATH } from "../lib/paths";
import { GlobeIcon } from "./icons";

/**
 * Language switch (Polski / English): a POST form to /jezyk that sets the `lang` cookie and
 * redirects back to the current address, so it works without JavaScript too. It reloads the
 * document also with JavaScript: the browser holds only the page language's texts
 * (docs/decisions/021-bundle-budgets.md).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const target: Lang = lang === "pl" ? "en" : "pl";
  const targetName = target === "pl" ? t("common.langPl") : t("common.langEn");
  return (
    <Form method="post" action={SET_LANGUAGE_PATH} reloadDocument className={className}>
      <input type="hidden" name="lang" value={target} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        title={t("common.switchLanguage")}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900"
      >
        <GlobeIcon />
        <span lang={target}>{targetName}</span>
      </button>
    </Form>
  );
}
