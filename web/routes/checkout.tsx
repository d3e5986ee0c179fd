import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
} from "react-router";
import type { DeliveryMethodId } from "../../domain/delivery";
import { translateParts } from "../../domain/i18n";
import { formatPrice } from "../../domain/money";
import type { DeliveryPoint } from "../../domain/types";
import { CheckoutSteps } from "../components/cart/checkout-steps";
import { type AddressFieldSpec, AddressSection } from "../components/checkout/address-section";
import { SECONDARY_BUTTON } from "../components/checkout/checkout-card";
import { CheckoutSummary } from "../components/checkout/checkout-summary";
import { DeliverySection } from "../components/checkout/delivery-section";
import { PaymentProvider } from "../components/checkout/payment-provider";
import { CheckboxField, Spinner } from "../components/form-field";
import { useHydrated } from "../components/product-list/use-hydrated";
import { PRIVACY_POLICY_PATH, TERMS_PATH } from "../lib/account-paths";
import {
  type AddressValues,
  type CheckoutActionData,
  copyRecipientToInvoice,
  inputName,
  postedSection,
  type AddressSection as Section,
  sectionErrors,
} from "../lib/checkout";
import { checkoutAction, checkoutLoader, NO_STORE } from "../lib/checkout.server";
import { useLang, useT } from "../lib/i18n";
import { lazyInBrowser } from "../lib/lazy-in-browser";
import { langFromMatches, metaTags } from "../lib/meta";
import { nearbySearchQuery } from "../lib/parcel-widgets";
import { CONTAINER } from "../lib/site";
import { showToast } from "../lib/toasts";
import type { Route } from "./+types/checkout";
import "../lib/checkout-texts";

// /dostawa-i-platnosc (SPEC §2 Checkout screen): recipient and invoice data, delivery, pick-up
// point, payment provider, summary, terms and "Przejdź do płatności". One form posts everything;
// every button names its step (intent), so the page works without JavaScript. With JavaScript the
// edit buttons open a form in place and the delivery and point choices are saved in the background.

export function meta({ matches }: Route.MetaArgs) {
  return [...metaTags(langFromMatches(matches), "checkout.title"), { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

// RR does not reload after an answer with an error status: a refused order must show the server's
// fresh figures (price changed) and the saved data, so the page reloads after every "pay"
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "pay") return true;
  return defaultShouldRevalidate;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  return checkoutLoader(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return checkoutAction(context, request);
}

const RECIPIENT_FIELDS: readonly AddressFieldSpec[] = [
  { name: "displayName", label: "address.displayName", autoComplete: "shipping name", wide: true },
  { name: "email", label: "address.email", type: "email", autoComplete: "email", inputMode: "email" },
  { name: "phone", label: "address.phone", type: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "street", label: "address.street", autoComplete: "shipping address-line1", wide: true },
  { name: "postCode", label: "address.postCode", autoComplete: "shipping postal-code" },
  { name: "city", label: "address.city", autoComplete: "shipping address-level2" },
];

const INVOICE_FIELDS: readonly AddressFieldSpec[] = [
  { name: "displayName", label: "address.displayName", autoComplete: "billing name", wide: true },
  { name: "street", label: "address.street", autoComplete: "billing address-line1", wide: true },
  { name: "postCode", label: "address.postCode", autoComplete: "billing postal-code" },
  { name: "city", label: "address.city", autoComplete: "billing address-level2" },
  { name: "nip", label: "address.nip", inputMode: "numeric", optional: true },
];

const TEXT_LINK = "font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800";

type ActionData = CheckoutActionData | { ok: true } | undefined;

function isState(value: ActionData): value is CheckoutActionData {
  return !!value && "values" in value;
}

/** Browser-side changes that last until the next page load (a new location). */
interface LocalState {
  locationKey: string;
  editing: Partial<Record<Section, boolean>>;
  /** "Kopiuj z danych odbiorcy" filled the invoice form */
  invoiceValues: AddressValues | null;
  /** bumped to refill the invoice inputs */
  invoiceVersion: number;
}

// The pickup point (its picker, the parcel widgets and the order texts) only with the parcel-locker
// delivery: the browser loads its code once the page is interactive, or while hydrating when the
// server rendered it (web/lib/lazy-in-browser.ts; docs/decisions/021-bundle-budgets.md)
const loadPickupPointSection = () => import("../components/checkout/pickup-point-section");
const PickupPointSection = lazyInBrowser(loadPickupPointSection, (m) => m.PickupPointSection);

export default function Checkout() {
  const t = useT();
  const lang = useLang();
  const loaderData = useLoaderData<typeof loader>();
  const returned = useActionData<typeof action>() as ActionData;
  const actionData = isState(returned) ? returned : undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // the pickup point's code is there by the time the delivery changes to a parcel locker
  useEffect(() => {
    loadPickupPointSection().catch(() => {});
  }, []);
  const formRef = useRef<HTMLFormElement>(null);
  const deliveryFetcher = useFetcher({ key: "checkout-delivery" });
  const pointFetcher = useFetcher({ key: "checkout-point" });
  const { cart, loggedIn } = loaderData;

  const [localState, setLocalState] = useState<LocalState>({
    locationKey: location.key,
    editing: {},
    invoiceValues: null,
    invoiceVersion: 0,
  });
  const local: LocalState =
    localState.locationKey === location.key
      ? localState
      : {
          locationKey: location.key,
          editing: {},
          invoiceValues: null,
          invoiceVersion: localState.invoiceVersion,
        };

  const editing: Record<Section, boolean> = {
    ...loaderData.editing,
    ...actionData?.editing,
    ...local.editing,
  };
  const values: Record<Section, AddressValues> = {
    recipient: actionData?.values.recipient ?? loaderData.values.recipient,
    invoiceData: local.invoiceValues ?? actionData?.values.invoiceData ?? loaderData.values.invoiceData,
  };
  const errors = actionData?.errors ?? {};

  // the delivery method and point follow the server after each save, and change at once on a click
  const [delivery, setDelivery] = useState<DeliveryMethodId>(loaderData.deliveryMethod);
  useEffect(() => setDelivery(loaderData.deliveryMethod), [loaderData.deliveryMethod]);
  const initialPoint = actionData?.deliveryPoint ?? loaderData.deliveryPoint;
  const [point, setPoint] = useState<DeliveryPoint | null>(initialPoint);
  const pointSignature = JSON.stringify(initialPoint);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resync only when the server's point changes
  useEffect(() => setPoint(initialPoint), [pointSignature]);

  const paying =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") === "pay";
  const saving = deliveryFetcher.state !== "idle" || pointFetcher.state !== "idle";

  // a refused form: the toast of SPEC §5 and the focus on the first field to correct
  useEffect(() => {
    if (!actionData?.message) return;
    if (actionData.message.key === "errors.formContainsErrors") {
      showToast({ type: "error", key: "errors.formContainsErrors" });
    }
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [actionData]);

  function setLocal(change: (current: LocalState) => Partial<LocalState>) {
    setLocalState({ ...local, ...change(local) });
  }

  function chooseDelivery(method: DeliveryMethodId) {
    setDelivery(method);
    deliveryFetcher.submit({ intent: "delivery", delivery: method, via: "fetcher" }, { method: "post" });
  }

  // keeps its identity, so the lazily loaded pickup-point section is not re-rendered before its
  // code is there (web/lib/lazy-in-browser.ts)
  const submitPoint = pointFetcher.submit;
  const choosePoint = useCallback(
    (chosen: DeliveryPoint) => {
      setPoint(chosen);
      submitPoint(
        { intent: "point", deliveryPoint: JSON.stringify(chosen), via: "fetcher" },
        { method: "post" },
      );
    },
    [submitPoint],
  );

  // the locker picker's first search: the recipient's postcode and city as typed so far
  const recipientPlace = useCallback(() => {
    const form = formRef.current;
    if (!form) return "";
    const data = new FormData(form);
    const field = (name: string) => String(data.get(inputName("recipient", name)) ?? "");
    return nearbySearchQuery(field("postCode"), field("city"));
  }, []);

  function copyRecipient(event: MouseEvent<HTMLButtonElement>) {
    const form = formRef.current;
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    const recipient = postedSection(data, "recipient", loggedIn);
    const invoice = postedSection(data, "invoiceData", loggedIn);
    setLocal((current) => ({
      editing: { ...current.editing, invoiceData: true },
      invoiceValues: copyRecipientToInvoice(recipient, invoice),
      invoiceVersion: current.invoiceVersion + 1,
    }));
  }

  // Enter in a field saves its own section (not the first button of the page)
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== "Enter" || !(target instanceof HTMLInputElement)) return;
    if (["checkbox", "radio", "submit", "button"].includes(target.type)) return;
    const button = target
      .closest("[data-section]")
      ?.querySelector<HTMLButtonElement>("[data-default-button]");
    if (!button) return;
    event.preventDefault();
    button.click();
  }

  const termsLabel = translateParts(lang, "checkout.terms", {
    terms: (
      <Link key="terms" to={TERMS_PATH} target="_blank" className={TEXT_LINK}>
        {t("checkout.termsLink")}
      </Link>
    ),
    privacyPolicy: (
      <Link key="privacy" to={PRIVACY_POLICY_PATH} target="_blank" className={TEXT_LINK}>
        {t("checkout.privacyPolicyLink")}
      </Link>
    ),
  });

  const message = actionData?.message;
  const priceChanged = actionData?.priceChanged;

  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <CheckoutSteps current="checkout" cartEmpty={false} canCheckout />
      <h1 className="mt-4 font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("checkout.title")}
      </h1>

      <Form
        ref={formRef}
        method="post"
        noValidate
        onKeyDown={onKeyDown}
        className="mt-6 grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      >
        <input type="hidden" name="priceGrosze" value={cart.totalGrosze} />
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />

        <div className="grid min-w-0 gap-5">
          <AddressSection
            key={`recipient-${location.key}`}
            section="recipient"
            title={t("checkout.recipient")}
            fields={loggedIn ? RECIPIENT_FIELDS.filter((field) => field.name !== "email") : RECIPIENT_FIELDS}
            values={values.recipient}
            errors={sectionErrors(errors, "recipient")}
            editing={editing.recipient}
            onEdit={() => setLocal((current) => ({ editing: { ...current.editing, recipient: true } }))}
            note={
              loaderData.accountEmail ? (
                <p>{t("checkout.confirmationTo", { email: loaderData.accountEmail })}</p>
              ) : null
            }
          />
          <AddressSection
            key={`invoice-${location.key}-${local.invoiceVersion}`}
            section="invoiceData"
            title={t("checkout.invoice")}
            fields={INVOICE_FIELDS}
            values={values.invoiceData}
            errors={sectionErrors(errors, "invoiceData")}
            editing={editing.invoiceData}
            onEdit={() => setLocal((current) => ({ editing: { ...current.editing, invoiceData: true } }))}
            actions={
              <button
                type="submit"
                name="intent"
                value="copy-recipient"
                onClick={copyRecipient}
                className={SECONDARY_BUTTON}
              >
                {t("checkout.copyFromRecipient")}
              </button>
            }
          />
          <DeliverySection
            options={loaderData.deliveryOptions}
            value={delivery}
            onChange={chooseDelivery}
            showApplyButton={!hydrated}
          />
          {delivery === "parcel-locker" ? (
            <PickupPointSection
              point={point}
              onSelect={choosePoint}
              settings={loaderData.parcelLockers}
              error={errors.deliveryPoint}
              search={actionData?.pointSearch}
              nearQuery={recipientPlace}
            />
          ) : null}
        </div>

        <div className="grid min-w-0 gap-5">
          <PaymentProvider provider={loaderData.paymentProvider} />
          <CheckoutSummary cart={cart} />
          <div className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
            <CheckboxField
              name="acceptTermsAndConditions"
              label={termsLabel}
              defaultChecked={actionData?.acceptTermsAndConditions}
              error={errors.acceptTermsAndConditions}
            />
            {message ? (
              <div
                role="alert"
                className={`rounded-lg border px-4 py-3 text-sm font-medium ${
                  priceChanged
                    ? "border-amber-300 bg-amber-50 text-amber-900"
                    : "border-red-200 bg-red-50 text-red-800"
                }`}
              >
                <p>
                  {message.errorPrefix ? t("errors.prefix") : null}
                  {t(message.key, message.params)}
                </p>
                {priceChanged ? (
                  <p className="mt-1 font-semibold">
                    {t("checkout.newTotal", { amount: formatPrice(priceChanged.totalGrosze) })}
                  </p>
                ) : null}
              </div>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="pay"
              disabled={paying || saving}
              aria-busy={paying || undefined}
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-3 text-lg font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80"
            >
              {paying ? (
                <>
                  <Spinner />
                  <span>{t("checkout.redirectingToPayment")}</span>
                </>
              ) : (
                t("checkout.goToPayment")
              )}
            </button>
          </div>
        </div>
      </Form>
    </div>
  );
}
