import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
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
import type { CartLineChange } from "../../../domain/cart-changes";
import type { DeliveryMethodId } from "../../../domain/delivery";
import { translateParts } from "../../../domain/i18n";
import type { DeliveryPoint } from "../../../domain/types";
import type { FieldError } from "../../../domain/validation/errors";
import { CheckoutSteps } from "../../components/checkout-steps";
import { CheckboxField, Spinner } from "../../components/form-field";
import { PRIVACY_POLICY_PATH, TERMS_PATH } from "../../lib/account-paths";
import {
  ADDRESS_SECTIONS,
  type AddressValues,
  type CheckoutActionData,
  copyRecipientToInvoice,
  INVOICE_OTHER,
  inputName,
  liveErrors,
  postedSection,
  type AddressSection as Section,
  sectionErrors,
} from "../../lib/checkout";
import { checkoutAction, checkoutLoader, NO_STORE } from "../../lib/checkout.server";
import { useLang, useT } from "../../lib/i18n";
import { lazyInBrowser } from "../../lib/lazy-in-browser";
import { langFromMatches, metaTags } from "../../lib/meta";
import { CONTAINER } from "../../lib/site";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/checkout";
import { type AddressFieldSpec, AddressSection } from "./address-section";
import { SECONDARY_BUTTON } from "./checkout-card";
import { CheckoutSummary } from "./checkout-summary";
import { DeliverySection } from "./delivery-section";
import "../../lib/checkout-texts";
import { focusInView } from "../../lib/focus-in-view";

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
const loadPickupPointSection = () => import("./pickup-point-section");
const PickupPointSection = lazyInBrowser(loadPickupPointSection, (m) => m.PickupPointSection);
// the payment method's box (logos, the provider's note) loads while the page hydrates; the server
// renders it in place (web/lib/lazy-in-browser.ts)
const PaymentProvider = lazyInBrowser(
  () => import("./payment-provider"),
  (m) => m.PaymentProvider,
);

// a refused order's message (with what changed per line): only after a refusal, so off the first load
const CheckoutRefusal = lazyInBrowser(
  () => import("./checkout-refusal"),
  (m) => m.CheckoutRefusal,
);
const NO_CHANGES: CartLineChange[] = [];

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
  // a refused form loses each error as its field is corrected (issue 25, defect 5): the fields the
  // action named are checked again on every change, with the same schemas (loaded then)
  const [rechecked, setRechecked] = useState<{
    answer: CheckoutActionData | undefined;
    errors: Record<string, FieldError | null>;
  }>({ answer: undefined, errors: {} });
  const fixes = rechecked.answer === actionData ? rechecked.errors : {};
  const errors = liveErrors(actionData?.errors, fixes);

  function recheck(found: Record<string, FieldError | null>) {
    setRechecked((current) => ({
      answer: actionData,
      errors: { ...(current.answer === actionData ? current.errors : {}), ...found },
    }));
  }

  async function recheckSection(section: Section, sectionValues: AddressValues) {
    if (!actionData?.errors) return;
    const { recheckedErrors } = await import("../../lib/checkout-validation");
    recheck(recheckedErrors(actionData.errors, section, loggedIn, sectionValues));
  }

  function onFormChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (!actionData?.errors || !(target.name in actionData.errors)) return;
    if (target.name === "acceptTermsAndConditions") {
      recheck({ acceptTermsAndConditions: target.checked ? null : (actionData.errors[target.name] ?? null) });
      return;
    }
    const section = ADDRESS_SECTIONS.find((candidate) => target.name.startsWith(`${candidate}.`));
    if (section)
      void recheckSection(section, postedSection(new FormData(event.currentTarget), section, loggedIn));
  }

  // where the work continues after "Zapisz", "Edytuj", "Kopiuj z danych odbiorcy" (WCAG 2.4.3), and
  // what happened, said once in the polite live region (4.1.3)
  const [announcement, setAnnouncement] = useState("");
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const lastIntent = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    focusInView(focusNext.current());
    focusNext.current = null;
  });
  const firstField = (section: Section) => () =>
    formRef.current?.querySelector<HTMLElement>(`[data-section="${section}"] input:not([type="hidden"])`);

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

  // a refused form: the message above the button (role="alert": said once, no pop-up repeating it)
  // and the focus on the first field to correct, the parcel-locker button included — once the page's
  // data is loaded again (the sections are drawn anew for the new location)
  const focusedAnswer = useRef<CheckoutActionData | undefined>(undefined);
  useEffect(() => {
    if (navigation.state !== "idle" || !actionData?.message || focusedAnswer.current === actionData) return;
    focusedAnswer.current = actionData;
    const invalid = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-invalid="true"]',
    );
    focusInView(invalid);
  }, [actionData, navigation.state]);

  // a saved section (the page is shown again): on to the next one
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new page (location)
  useEffect(() => {
    const intent = lastIntent.current;
    lastIntent.current = null;
    // a refused save stays on its form (the effect above)
    if (returned) return;
    if (intent === "save-recipient") {
      // the invoice form when it is open and shown, else the invoice section's heading
      const field = firstField("invoiceData")();
      const next =
        field && field.offsetParent !== null ? field : document.getElementById("checkout-invoiceData");
      focusInView(next);
      setAnnouncement(t("checkout.announceSaved", { section: t("checkout.recipient") }));
    } else if (intent === "save-invoiceData") {
      focusInView(formRef.current?.querySelector<HTMLElement>('input[name="delivery"]:checked'));
      setAnnouncement(t("checkout.announceSaved", { section: t("checkout.invoice") }));
    }
  }, [location.key]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    lastIntent.current = submitter instanceof HTMLButtonElement ? submitter.value : null;
    setAnnouncement("");
  }

  function edit(section: Section, title: string) {
    setLocal((current) => ({ editing: { ...current.editing, [section]: true } }));
    focusNext.current = firstField(section);
    setAnnouncement(t("checkout.announceEditing", { section: title }));
  }

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
      setRechecked((current) => ({ ...current, errors: { ...current.errors, deliveryPoint: null } }));
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
    if (!form) return { postCode: "", city: "" };
    const data = new FormData(form);
    const field = (name: string) => String(data.get(inputName("recipient", name)) ?? "");
    return { postCode: field("postCode"), city: field("city") };
  }, []);

  function copyRecipient(event: MouseEvent<HTMLButtonElement>) {
    const form = formRef.current;
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    const recipient = postedSection(data, "recipient", loggedIn);
    const invoice = postedSection(data, "invoiceData", loggedIn);
    const copied = copyRecipientToInvoice(recipient, invoice);
    setLocal((current) => ({
      editing: { ...current.editing, invoiceData: true },
      invoiceValues: copied,
      invoiceVersion: current.invoiceVersion + 1,
    }));
    void recheckSection("invoiceData", copied);
    focusNext.current = firstField("invoiceData");
    setAnnouncement(t("checkout.announceCopied"));
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

  // "Formularz zawiera błędy…" goes once every error is corrected
  const message =
    actionData?.message?.key === "errors.formContainsErrors" && Object.keys(errors).length === 0
      ? undefined
      : actionData?.message;
  const priceChanged = actionData?.priceChanged;
  const changes = actionData?.cartChanges ?? NO_CHANGES;
  // the refused order's fresh figures: from the price check, or the page's data loaded again
  const newTotal = priceChanged?.totalGrosze ?? (changes.length > 0 ? cart.totalGrosze : null);

  return (
    <div className={`${CONTAINER} py-6 sm:py-10`}>
      <CheckoutSteps current="checkout" cartEmpty={false} canCheckout />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <h1 className="mt-4 font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("checkout.title")}
      </h1>

      <Form
        ref={formRef}
        method="post"
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={onSubmit}
        onChange={onFormChange}
        className="mt-6 grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      >
        <input type="hidden" name="priceGrosze" value={cart.totalGrosze} />
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <input type="hidden" name="seenCart" value={loaderData.seenCart} />

        <div className="grid min-w-0 gap-5">
          <AddressSection
            key={`recipient-${location.key}`}
            section="recipient"
            title={t("checkout.recipient")}
            fields={loggedIn ? RECIPIENT_FIELDS.filter((field) => field.name !== "email") : RECIPIENT_FIELDS}
            values={values.recipient}
            errors={sectionErrors(errors, "recipient")}
            editing={editing.recipient}
            onEdit={() => edit("recipient", t("checkout.recipient"))}
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
            onEdit={() => edit("invoiceData", t("checkout.invoice"))}
            gate={{
              name: INVOICE_OTHER,
              label: t("checkout.invoiceOther"),
              whenOff: t("checkout.invoiceSameAsRecipient"),
              checked: actionData?.invoiceOther ?? loaderData.invoiceOther,
            }}
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
            {message ? <CheckoutRefusal message={message} changes={changes} newTotal={newTotal} /> : null}
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
