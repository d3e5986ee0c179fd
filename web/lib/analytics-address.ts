// The address analytics may see (issue 24 item 7): the page's URL without what is a key to something.
// /ustaw-nowe-haslo?token=…&email=… opens an account, /gotowe?orderNumber=…&email=… a guest's order;
// Google Analytics receives the path and the harmless parameters (a page number, a search), never
// those. The same for the referrer, which is the previous page's full URL.

/** Parameters whose values are secrets or keys (compared case-insensitively). */
const SECRET_PARAMETERS = new Set(["token", "email", "ordernumber", "password"]);

/** A value that holds an e-mail address, its "@" written out or percent-encoded. */
const HOLDS_EMAIL = /@|%40/i;

/** `href` without secret parameters, e-mail addresses or fragment; "" for what is not a URL. */
export function withoutSecrets(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return "";
  }
  const names = new Set(url.searchParams.keys());
  for (const name of names) {
    const values = url.searchParams.getAll(name);
    if (SECRET_PARAMETERS.has(name.toLowerCase()) || values.some((value) => HOLDS_EMAIL.test(value))) {
      url.searchParams.delete(name);
    }
  }
  if (HOLDS_EMAIL.test(url.pathname)) {
    url.pathname = url.pathname
      .split("/")
      .map((segment) => (HOLDS_EMAIL.test(segment) ? "-" : segment))
      .join("/");
  }
  url.hash = "";
  return url.href;
}

/** The path and query of `href` without secrets (GA's page_path). */
export function pathWithoutSecrets(href: string): string {
  const safe = withoutSecrets(href);
  if (safe === "") return "";
  const url = new URL(safe);
  return `${url.pathname}${url.search}`;
}
