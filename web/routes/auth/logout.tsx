import { redirect } from "react-router";
import { clearSessionCookie, sessionToken } from "../../lib/auth.server";
import type { Route } from "./+types/logout";

// POST /wyloguj: ends the session on the server (the row is deleted) and in the browser
// (the cookie is cleared), then goes home. A GET does nothing (no logout by a link or an image).
export async function action({ request, context }: Route.ActionArgs) {
  const token = sessionToken(request);
  if (token) await context.services.accounts.logout(token);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(context) } });
}

export function loader() {
  return redirect("/");
}
