import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { MessageKey } from "../../domain/i18n";
import { useT } from "../lib/i18n";
import { CONTAINER } from "../lib/site";

/**
 * A route's error view inside the shop's shell: the screen's own not-found text (e.g. "Dany
 * produkt nie istnieje") with a link home for a 404, the generic message otherwise.
 */
export function RouteErrorView({ notFoundKey }: { notFoundKey: MessageKey }) {
  const error = useRouteError();
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404) console.error(error);
  return (
    <section className={`${CONTAINER} flex flex-col items-center py-20 text-center`}>
      <p aria-hidden="true" className="font-serif text-6xl font-semibold text-accent-600">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-stone-900">
        {status === 404 ? t(notFoundKey) : t("errors.generic")}
      </h1>
      <Link
        to="/"
        className="mt-8 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
      >
        {t("common.homeLink")}
      </Link>
    </section>
  );
}
