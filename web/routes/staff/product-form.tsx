import { data, useActionData, useLoaderData, useLocation } from "react-router";
import { translate } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import { productFormSchema } from "../../../domain/validation/catalog";
import type { FieldError } from "../../../domain/validation/errors";
import { parseForm } from "../../../domain/validation/errors";
import { BackInStockBadge } from "../../components/staff/back-in-stock-badge";
import {
  EMPTY_PRODUCT_FORM,
  formPayloadInput,
  formStateFromForm,
  formStateFromProduct,
  type ProductFormState,
} from "../../components/staff/product-form/form-state";
import { ProductForm } from "../../components/staff/product-form/product-form";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { productPath } from "../../lib/paths";
import { safeRedirect } from "../../lib/safe-redirect";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/product-form";

// /konto/sklep/produkty/dodaj (also ?kopiuj={id}: "dodaj podobny", prefilled from that product)
// and /konto/sklep/produkty/edytuj/{id}. After saving: a copy goes to the new product's page (its
// preview), an edit to the safe `return` path when given (the product page links with it), else
// to the product list.

export function meta({ matches, params }: Route.MetaArgs) {
  return staffMeta(matches, params.id ? "staff.products.editTitle" : "staff.products.addTitle");
}

/**
 * Where saving (or cancelling) goes back to: the `return` parameter when it is a same-site path,
 * else the product page the form was opened from (its Referer), else nowhere special (the list).
 */
function returnTarget(request: Request): string {
  const url = new URL(request.url);
  const param = url.searchParams.get("return");
  if (param) return safeRedirect(param, "");
  const referer = request.headers.get("referer");
  if (!referer) return "";
  try {
    const from = new URL(referer);
    return from.origin === url.origin && from.pathname.startsWith("/produkt/")
      ? `${from.pathname}${from.search}`
      : "";
  } catch {
    return "";
  }
}

interface FormFailureData {
  formError: string;
  errors?: Record<string, FieldError>;
  values: ProductFormState;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request);
  const { productAdmin, catalog } = context.services;
  const url = new URL(request.url);
  const id = params.id === undefined ? null : parseIdFromParam(params.id);
  if (params.id !== undefined && id === null) throw data(null, { status: 404 });
  const copyId = id === null ? parseIdFromParam(url.searchParams.get("kopiuj")) : null;
  const source = id ?? copyId;
  const product = source === null ? null : await productAdmin.getForEdit(source);
  if (id !== null && !product) throw data(null, { status: 404 });
  const [fields, categories, products] = await Promise.all([
    catalog.listFields(),
    catalog.listCategories(),
    productAdmin.listForChoice(),
  ]);
  const lang = context.lang ?? "pl";
  const values = product
    ? id === null
      ? formStateFromProduct(
          product,
          translate(lang, "staff.products.copySuffix"),
          translate("en", "staff.products.copySuffix"),
        )
      : formStateFromProduct(product)
    : EMPTY_PRODUCT_FORM;
  return {
    productId: id,
    copyOf: id === null && product ? product.title : null,
    values,
    fields,
    categories,
    products: products.filter((item) => item._id !== id),
    returnTo: returnTarget(request),
    // confirmed back-in-stock subscribers waiting for this product (a count, no addresses; ADR 080)
    backInStockWaiting:
      id === null ? 0 : ((await context.services.backInStock.waitingCounts([id])).get(id) ?? 0),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const url = new URL(request.url);
  const id = params.id === undefined ? null : parseIdFromParam(params.id);
  if (params.id !== undefined && id === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const values = formStateFromForm(form);
  const parsed = parseForm(productFormSchema, formPayloadInput(values));
  if (!parsed.ok) {
    return data<FormFailureData>(
      { formError: "errors.formContainsErrors", errors: parsed.errors, values },
      { status: 400 },
    );
  }
  const { productAdmin } = context.services;
  const result =
    id === null
      ? await productAdmin.create(user, parsed.data)
      : await productAdmin.update(user, id, parsed.data);
  if (!result.ok) {
    return data<FormFailureData>(
      { formError: errorMessageKey(result.code), errors: result.fields, values },
      { status: errorStatus(result.code) },
    );
  }
  const saved = result.value;
  const target =
    id === null && url.searchParams.has("kopiuj")
      ? productPath(saved)
      : safeRedirect(form.get("return") || url.searchParams.get("return"), STAFF_SECTIONS.products);
  return redirectWithFlash(target, {
    type: "success",
    key: id === null ? "success.productAdded" : "success.productUpdated",
  });
}

export default function StaffProductForm() {
  const t = useT();
  const location = useLocation();
  const loaderData = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormFailureData | undefined;
  const title = loaderData.productId
    ? t("staff.products.editTitle")
    : loaderData.copyOf
      ? t("staff.products.copyOf", { title: loaderData.copyOf })
      : t("staff.products.addTitle");
  return (
    <div className="max-w-5xl">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{title}</h1>
      {loaderData.backInStockWaiting > 0 ? (
        <p className="mt-2">
          <BackInStockBadge count={loaderData.backInStockWaiting} />
        </p>
      ) : null}
      <ProductForm
        formKey={`${location.key}-${failure ? "failed" : "fresh"}`}
        values={failure?.values ?? loaderData.values}
        fields={loaderData.fields}
        categories={loaderData.categories}
        products={loaderData.products}
        productId={loaderData.productId}
        returnTo={loaderData.returnTo}
        errors={failure?.errors}
        formError={failure?.formError}
      />
    </div>
  );
}
