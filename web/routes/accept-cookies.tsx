import { redirect } from "react-router";
import { CONSENT_COOKIE, consentCookie, expiredCookie, parseConsentFormDecision } from "../lib/cookies";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/accept-cookies";

// POST /zgoda-cookies (decision = accept | reject | ask, redirectTo): the cookie notice's form
// without JavaScript. Accept stores `cookieConsent=1`, reject `cookieConsent=0`, both for a year;
// ask forgets the answer so the notice shows again. Then back to the page.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const decision = parseConsentFormDecision(form.get("decision"));
  if (!decision) {
    return new Response("Invalid decision", { status: 400, headers: { "Content-Type": "text/plain" } });
  }
  const cookie =
    decision === "ask"
      ? expiredCookie(CONSENT_COOKIE)
      : consentCookie(decision === "accept" ? "accepted" : "rejected");
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
