import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import { formatDate } from "../../../domain/i18n";
import { isAdmin } from "../../../domain/roles";
import { ACCOUNT_ORDERS_PATH, ACCOUNT_SETTINGS_PATH, USERS_PATH } from "../../lib/account-paths";
import { requireUser } from "../../lib/auth.server";
import { useLang, useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import type { Route } from "./+types/overview";
import "../../lib/orders-texts";
import { EmailText } from "../../components/email-text";
import { PrimaryLink } from "../../components/primary-link";
import { TitledSection, titledSectionHeading } from "../../components/titled-section";

// /konto: who is signed in, the account status and the saved contact data.

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "account.title"), { name: "robots", content: "noindex" }];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    /** admins get a link to the users list */
    isAdmin: isAdmin(user),
    user: {
      displayName: user.displayName,
      email: user.email,
      createdAt: user.createdAt,
      approved: user.approved,
      phone: user.phone,
      street: user.street,
      postCode: user.postCode,
      city: user.city,
      nip: user.nip,
    },
  };
}

const CARD = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6";
const CARD_HEADING = titledSectionHeading("mb-4");

/** A card of the overview: its heading, then the details as a list of terms and values. */
function DetailsCard({
  id,
  title,
  after,
  children,
}: {
  id: string;
  title: string;
  /** what follows the list (a link) */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledSection id={id} title={title} className={CARD} headingClassName={CARD_HEADING}>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">{children}</dl>
      {after}
    </TitledSection>
  );
}

export default function AccountOverview() {
  const t = useT();
  const lang = useLang();
  const { user, isAdmin: showUsers } = useLoaderData<typeof loader>();
  const notProvided = <span className="font-normal text-stone-500">{t("account.notProvided")}</span>;
  const cityLine = [user.postCode, user.city].filter(Boolean).join(" ");

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("account.welcome", { name: user.displayName })}
      </h1>
      {showUsers ? (
        <p>
          <Link to={USERS_PATH} className="font-semibold text-accent-700 underline underline-offset-2">
            {t("staff.segment.uzytkownicy")}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <DetailsCard id="account-data" title={t("account.title")}>
          <dt className="text-stone-600">{t("account.email")}</dt>
          <dd className="font-medium wrap-anywhere text-stone-900">
            <EmailText email={user.email} />
          </dd>
          <dt className="text-stone-600">{t("account.createdAt")}</dt>
          <dd className="font-medium text-stone-900">{formatDate(lang, user.createdAt)}</dd>
          <dt className="text-stone-600">{t("account.status")}</dt>
          <dd>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                user.approved ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"
              }`}
            >
              {user.approved ? t("account.statusApproved") : t("account.statusNotApproved")}
            </span>
          </dd>
        </DetailsCard>
        <DetailsCard
          id="account-address"
          title={t("account.addressData")}
          after={
            <Link
              to={ACCOUNT_SETTINGS_PATH}
              className="mt-5 inline-flex text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
            >
              {t("account.completeSettings")}
            </Link>
          }
        >
          <dt className="text-stone-600">{t("address.phone")}</dt>
          <dd className="font-medium text-stone-900">{user.phone || notProvided}</dd>
          <dt className="text-stone-600">{t("address.street")}</dt>
          <dd className="font-medium text-stone-900">{user.street || notProvided}</dd>
          <dt className="text-stone-600">
            {t("address.postCode")}, {t("address.city")}
          </dt>
          <dd className="font-medium text-stone-900">{cityLine || notProvided}</dd>
          <dt className="text-stone-600">{t("address.nip")}</dt>
          <dd className="font-medium text-stone-900">{user.nip || notProvided}</dd>
        </DetailsCard>
      </div>
      <p>
        <PrimaryLink to={ACCOUNT_ORDERS_PATH}>{t("account.myOrdersTitle")}</PrimaryLink>
      </p>
    </div>
  );
}
