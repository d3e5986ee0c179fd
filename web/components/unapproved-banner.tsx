import { useT } from "../lib/i18n";

/** Red banner for a signed-in user whose account is not active yet (SPEC §2 Other shell elements). */
export function UnapprovedBanner() {
  const t = useT();
  return (
    <div role="alert" className="bg-red-700 px-4 py-2 text-center text-sm font-medium text-white">
      {t("account.notApprovedBanner")}
    </div>
  );
}
