import { data } from "react-router";

// Unknown addresses: throwing a 404 from a loader (rather than matching no route) lets the
// root loader run, so the error page has the header, footer and the visitor's language.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
