import { Link, useLoaderData } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { LOGIN_PATH, REGISTER_PATH } from "../../lib/account-paths";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/token-error";
import { AuthPage } from "./auth-page";
import "../../lib/auth-texts";

// /token-error?errorType=… : where a confirmation link lands when it did not work (SPEC §2).

const ERRORS: Record<string, { title?: MessageKey; text: MessageKey; action: MessageKey; to: string }> = {
  "user-not-found": {
    text: "auth.tokenErrorUserNotFound",
    action: "auth.tokenErrorUserNotFoundAction",
    to: REGISTER_PATH,
  },
  "invalid-token": {
    text: "auth.tokenErrorInvalidToken",
    action: "auth.tokenErrorInvalidTokenAction",
    to: LOGIN_PATH,
  },
  // good news, not an error: headed as such
  "user-has-already-confirmed-email": {
    title: "auth.tokenErrorAlreadyConfirmedTitle",
    text: "auth.tokenErrorAlreadyConfirmed",
    action: "auth.tokenErrorAlreadyConfirmedAction",
    to: LOGIN_PATH,
  },
};

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = (loaderData?.errorType && ERRORS[loaderData.errorType]?.title) || "auth.tokenErrorTitle";
  return [...metaTags(langFromMatches(matches), title), { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const errorType = new URL(request.url).searchParams.get("errorType") ?? "";
  return { errorType: Object.hasOwn(ERRORS, errorType) ? errorType : null, signedIn: context.user !== null };
}

export default function TokenError() {
  const t = useT();
  const { errorType, signedIn } = useLoaderData<typeof loader>();
  const error = errorType ? ERRORS[errorType] : undefined;
  // a signed-in visitor needs no login link: home instead
  const action = error && !(signedIn && error.to === LOGIN_PATH) ? error : undefined;
  return (
    <AuthPage title={t(error?.title ?? "auth.tokenErrorTitle")}>
      <p className="text-stone-700">{t(error?.text ?? "auth.tokenErrorUnknown")}</p>
      <Link
        to={action ? action.to : "/"}
        className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
      >
        {action ? t(action.action) : t("auth.tokenSuccessGoHome")}
      </Link>
    </AuthPage>
  );
}
