import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { formatPrice } from "../../../domain/money";
import { effectivePriceGrosze } from "../../../domain/pricing";
import { parseIdFromParam } from "../../../domain/slug";
import { STAFF_PRODUCT_FLAGS, staffProductQuerySchema } from "../../../domain/validation/catalog";
import { BackInStockBadge } from "../../components/staff/back-in-stock-badge";
import { ConfirmedDelete } from "../../components/staff/confirmed-delete";
import { ProductBulk, ProductBulkCheckbox } from "../../components/staff/product-bulk-selection";
import { ProductBadges } from "../../components/staff/product-form/product-badges";
import { InlineCheckbox, LabelledField } from "../../components/staff/staff-fields";
import { ListHeading } from "../../components/staff/taxonomy-list";
import { errorMessageKey } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { productPath } from "../../lib/paths";
import { safeRedirect } from "../../lib/safe-redirect";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS, staffAddPath, staffEditPath } from "../../lib/staff-paths";
import type { Route } from "./+types/products";

// /konto/sklep/produkty: every product (hidden ones marked) with its thumbnail, price, stock and
// flags; search by title, a flag filter, the products lacking safety information (GPSR), paging; links to edit, to the shop and "dodaj podobny";
// delete after a confirmation.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.produkty");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const url = new URL(request.url);
  const query = staffProductQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { productAdmin } = context.services;
  const page = await productAdmin.listStaff(query);
  // visible products without the product safety information the law asks for (GPSR, docs/decisions/073)
  const lackingSafety = await productAdmin.countLackingSafetyInfo();
  // confirmed back-in-stock subscribers waiting, per product shown (a count, no addresses; ADR 080)
  const waiting = Object.fromEntries(
    await context.services.backInStock.waitingCounts(page.items.map((product) => product._id)),
  );
  return { page, query, search: url.search, lackingSafety, waiting };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const form = await request.formData();
  const back = safeRedirect(form.get("back"), STAFF_SECTIONS.products);
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (id === null || form.get("intent") !== "delete") {
    return redirectWithFlash(back, { type: "error", key: "errors.formContainsErrors" });
  }
  const result = await context.services.productAdmin.remove(user, id);
  if (!result.ok)
    return redirectWithFlash(back, { type: "error", key: errorMessageKey(result.code), errorPrefix: true });
  return redirectWithFlash(back, { type: "success", key: "success.productRemoved" });
}

const LINK =
  "inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium ring-1 ring-stone-300 hover:bg-stone-50";

function pageLink(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set("strona", String(page));
  return `${STAFF_SECTIONS.products}?${params.toString()}`;
}

export default function StaffProducts() {
  const t = useT();
  const { page, query, search, lackingSafety, waiting } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  const back = `${STAFF_SECTIONS.products}${search}`;
  return (
    <div>
      <ListHeading title={t("staff.segment.produkty")} section="products" add={t("staff.products.add")} />
      <p className="mt-3">
        <Link to={`${STAFF_SECTIONS.products}/import`} className={LINK}>
          {t("staff.products.importExport")}
        </Link>
      </p>

      <Form
        method="get"
        role="search"
        aria-label={t("staff.filters")}
        className="mt-5 flex flex-wrap items-end gap-3"
      >
        <LabelledField
          id="products-search"
          label={t("staff.products.search")}
          className="min-w-0 flex-1 basis-56"
        >
          <input
            id="products-search"
            name="szukaj"
            type="search"
            defaultValue={query.szukaj}
            className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
          />
        </LabelledField>
        <LabelledField id="products-flag" label={t("staff.products.flagFilter")}>
          <select
            id="products-flag"
            name="flaga"
            defaultValue={query.flaga ?? ""}
            className="block rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base"
          >
            <option value="">{t("staff.products.flagAll")}</option>
            {STAFF_PRODUCT_FLAGS.map((flag) => (
              <option key={flag} value={flag}>
                {t(`staff.products.flag.${flag}`)}
              </option>
            ))}
          </select>
        </LabelledField>
        <InlineCheckbox name="gpsr" value="brak" defaultChecked={query.gpsr === "brak"}>
          {t("staff.products.gpsrFilter")}
        </InlineCheckbox>
        <InlineCheckbox name="angielski" value="brak" defaultChecked={query.angielski === "brak"}>
          {t("staff.products.englishFilter")}
        </InlineCheckbox>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-full bg-stone-800 px-5 font-semibold text-white"
        >
          {t("staff.products.filter")}
        </button>
      </Form>

      {lackingSafety > 0 && query.gpsr !== "brak" ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <span data-testid="products-gpsr-count">{lackingSafety}</span> {t("staff.dashboard.gpsrText")}{" "}
          <Link
            to={`${STAFF_SECTIONS.products}?gpsr=brak`}
            className="font-semibold underline underline-offset-2"
          >
            {t("staff.dashboard.gpsrShow")}
          </Link>
        </p>
      ) : null}

      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {t("staff.products.found", { count: page.total })}
      </p>

      <ProductBulk query={query} total={page.total} pageIds={page.items.map((product) => product._id)} />
      {page.items.length === 0 ? (
        <p className="mt-6 text-stone-700">{t("staff.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {page.items.map((product) => {
            const price = effectivePriceGrosze(product);
            const range = product.priceRange;
            return (
              <li
                key={product._id}
                className={`flex flex-col gap-3 p-4 md:flex-row md:items-center ${product.isHidden ? "bg-stone-50" : ""}`}
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <ProductBulkCheckbox id={product._id} title={product.title} />
                  {product.image ? (
                    <img
                      src={product.image.thumb_url}
                      alt=""
                      width={64}
                      height={64}
                      loading="lazy"
                      className="size-16 shrink-0 rounded-lg object-cover"
                    />
                  ) : (
                    <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-center text-xs text-stone-500">
                      {t("staff.products.noImage")}
                    </span>
                  )}
                  <div className="min-w-0">
                    <Link
                      to={staffEditPath("products", product._id)}
                      className="font-semibold text-stone-900 hover:underline"
                    >
                      {product.title}
                    </Link>
                    <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-stone-700">
                      <span>
                        {product.variantCount > 0 ? (
                          // with variants the product's own price is not what anyone pays
                          range.minGrosze === range.maxGrosze ? (
                            formatPrice(range.minGrosze)
                          ) : (
                            `${formatPrice(range.minGrosze)} – ${formatPrice(range.maxGrosze)}`
                          )
                        ) : price !== product.priceGrosze ? (
                          <>
                            <s className="mr-1 text-stone-500">{formatPrice(product.priceGrosze)}</s>
                            <strong className="text-red-700">{formatPrice(price)}</strong>
                          </>
                        ) : (
                          formatPrice(price)
                        )}
                      </span>
                      <span>{t("staff.products.stock", { count: product.totalQuantity })}</span>
                      {product.variantCount > 0 ? (
                        <span>{t("staff.products.variantCount", { count: product.variantCount })}</span>
                      ) : null}
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      <ProductBadges product={product} />
                      {!product.isHidden && !product.safetyComplete ? (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                          {t("staff.products.gpsrMissing")}
                        </span>
                      ) : null}
                      <BackInStockBadge count={waiting[product._id]} />
                    </div>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={staffEditPath("products", product._id)}
                    className={LINK}
                    aria-label={`${t("staff.edit")}: ${product.title}`}
                  >
                    {t("staff.edit")}
                  </Link>
                  <Link
                    to={productPath(product)}
                    className={LINK}
                    aria-label={`${t("staff.products.viewInShop")}: ${product.title}`}
                  >
                    {t("staff.products.viewInShop")}
                  </Link>
                  <Link
                    to={`${staffAddPath("products")}?kopiuj=${product._id}`}
                    className={LINK}
                    aria-label={`${t("staff.products.addSimilar")}: ${product.title}`}
                  >
                    {t("staff.products.addSimilar")}
                  </Link>
                  <ConfirmedDelete
                    id={product._id}
                    question={t("staff.confirmDelete", { name: product.title })}
                    label={`${t("staff.delete")}: ${product.title}`}
                    className="inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-60"
                    disabled={busy}
                    fields={<input type="hidden" name="back" value={back} />}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {pages > 1 ? (
        <nav
          aria-label={t("staff.products.page", { page: page.page, pages })}
          className="mt-5 flex items-center justify-between gap-3"
        >
          {page.page > 1 ? (
            <Link to={pageLink(search, page.page - 1)} className={LINK}>
              {t("common.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-700">
            {t("staff.products.page", { page: page.page, pages })}
          </span>
          {page.page < pages ? (
            <Link to={pageLink(search, page.page + 1)} className={LINK}>
              {t("common.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
