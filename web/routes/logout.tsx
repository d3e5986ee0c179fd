import { redirect } from "react-router";

// Placeholder: logout ends the session on the server (accounts issue).
export function action() {
  return redirect("/");
}
