import { Link, useLoaderData } from "react-router";
import { LOGIN_PATH } from "../../lib/account-paths";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/token-success";
import { AuthPage } from "./auth-page";
import "../../lib/auth-texts";

// /token-success: where the e-mail confirmation link lands when it worked (SPEC §2).

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), "auth.tokenSuccessTitle"),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { signedIn: context.user !== null };
}

export default function TokenSuccess() {
  const t = useT();
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <AuthPage title={t("auth.tokenSuccessTitle")}>
      <p className="text-stone-700">{t("auth.tokenSuccessText")}</p>
      <Link
        to={signedIn ? "/" : LOGIN_PATH}
        className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700"
      >
        {signedIn ? t("auth.tokenSuccessGoHome") : t("auth.tokenSuccessLogin")}
      </Link>
    </AuthPage>
  );
}
