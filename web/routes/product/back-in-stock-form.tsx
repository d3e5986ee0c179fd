import { useFetcher, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import { BACK_IN_STOCK_PATH, BACK_IN_STOCK_SENT_PARAM } from "../../../domain/back-in-stock-links";
import type { MessageKey } from "../../../domain/i18n";
import { useT } from "../../lib/i18n";
import type { loader as rootLoader } from "../../root";
import { NoScriptReturn } from "../cart/no-script-return";
import "../../lib/product-texts";

/** What POST /powiadom-mnie answers a fetcher (web/routes/back-in-stock/subscribe.tsx). */
export type BackInStockReply = { ok: true; confirmed: boolean } | { ok: false; error: MessageKey };

/** The `?powiadomienie=` values after a plain form post: what the form then says. */
export const SENT_STATES: Readonly<Record<string, MessageKey>> = {
  ok: "product.notifySent",
  own: "product.notifySubscribed",
  email: "validation.email",
  limit: "errors.rateLimited",
  error: "errors.generic",
};

/**
 * "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080) under a sold-out product or
 * variant: an e-mail (the signed-in customer's, prefilled) and a button. Without JavaScript a plain
 * form post, answered by a redirect back here with `?powiadomienie=`; with it a fetcher, no reload.
 * The answer never says whether the address was subscribed already.
 */
export function BackInStockForm({ productId, variantId }: { productId: number; variantId: number | null }) {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<BackInStockReply>();
  const reply = fetcher.data;
  const returned = SENT_STATES[searchParams.get(BACK_IN_STOCK_SENT_PARAM) ?? ""];
  const message: MessageKey | undefined = reply
    ? reply.ok
      ? reply.confirmed
        ? "product.notifySubscribed"
        : "product.notifySent"
      : reply.error
    : returned;
  const failed = reply ? !reply.ok : returned !== undefined && !returned.startsWith("product.");
  const back = new URLSearchParams(location.search);
  back.delete(BACK_IN_STOCK_SENT_PARAM);
  const query = back.toString();
  return (
    <fetcher.Form
      method="post"
      action={BACK_IN_STOCK_PATH}
      className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4"
      aria-labelledby="back-in-stock-title"
    >
      <h2 id="back-in-stock-title" className="font-semibold text-stone-900">
        {t("product.notifyTitle")}
      </h2>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="variantId" value={variantId ?? ""} />
      <NoScriptReturn to={`${location.pathname}${query ? `?${query}` : ""}`} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="flex min-w-0 flex-1">
          <span className="sr-only">{t("product.notifyEmail")}</span>
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder={t("product.notifyEmail")}
            defaultValue={root?.user?.email ?? ""}
            className="min-h-11 w-full rounded-full border border-stone-300 px-4 py-2"
          />
        </label>
        <button
          type="submit"
          aria-busy={fetcher.state !== "idle" || undefined}
          className="min-h-11 rounded-full bg-stone-800 px-5 py-2 font-semibold text-white hover:bg-stone-900 aria-busy:opacity-80"
        >
          {t("product.notifySend")}
        </button>
      </div>
      <p role="status" className={failed ? "text-sm text-red-700" : "text-sm text-emerald-800"}>
        {message ? t(message) : null}
      </p>
    </fetcher.Form>
  );
}
