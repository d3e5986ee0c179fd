import { redirect } from "react-router";
import { CONSENT_COOKIE, yearCookie } from "../lib/cookies";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/accept-cookies";

// POST /zgoda-cookies (redirectTo): the cookie notice's form without JavaScript. Stores the
// consent for a year and goes back to the page.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": yearCookie(CONSENT_COOKIE, "1") },
  });
}

export function loader() {
  return redirect("/");
}
