import { redirect } from "react-router";
import { withoutLangMarker } from "../../domain/content-language";
import { isLang } from "../../domain/i18n";
import { LANG_COOKIE, yearCookie } from "../lib/cookies";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/set-language";

// POST /jezyk (lang, redirectTo): stores the language in the `lang` cookie (read by the
// server into context.lang) and goes back to the page the form was posted from.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = form.get("lang");
  // the address's ?lang= marker would override the language just chosen (docs/decisions/078)
  const target = withoutLangMarker(safeRedirect(form.get("redirectTo")));
  if (!isLang(lang)) {
    return new Response("Invalid language", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  return redirect(target, { headers: { "Set-Cookie": yearCookie(LANG_COOKIE, lang) } });
}

export function loader() {
  return redirect("/");
}
