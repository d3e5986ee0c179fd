import { type AppLoadContext, data, redirect } from "react-router";
import { toOrderCart, toSavedCart } from "../../domain/cart";
import {
  type CartLineChange,
  cartChanges,
  type SeenCartLine,
  seenLines,
  shortageChange,
} from "../../domain/cart-changes";
import {
  DELIVERY_METHODS,
  type DeliveryMethodId,
  deliveryPriceGrosze,
  isDeliveryMethodId,
} from "../../domain/delivery";
import type { CartView, DeliveryPoint, PriceChangedDetails } from "../../domain/types";
import { parseForm } from "../../domain/validation/errors";
import { deliveryPointSchema, makeOrderCreateSchema } from "../../domain/validation/order";
import { parcelPointSearchSchema } from "../../domain/validation/parcel-points";
import { parseSeenCart } from "../../domain/validation/seen-cart";
import type { Failure } from "../../server/web-door";
import { errorMessageKey, errorStatus } from "./auth.server";
import { CART_PATH, CHECKOUT_PATH } from "./cart-paths";
import {
  ADDRESS_SECTIONS,
  type AddressSection,
  type AddressValues,
  type CheckoutActionData,
  type CheckoutIntent,
  type CheckoutMessage,
  copyRecipientToInvoice,
  hasSectionErrors,
  INVOICE_OTHER,
  invoiceFromRecipient,
  invoiceFromUser,
  invoiceIsRecipient,
  isCheckoutIntent,
  modeInputName,
  postedSection,
  recipientFromUser,
  sectionFields,
} from "./checkout";
import { sectionFieldErrors, sectionSchema } from "./checkout-validation";
import { redirectWithFlash } from "./flash.server";
import { parcelPointToDeliveryPoint } from "./parcel-widgets";
import {
  checkoutDataCookie,
  deliveryMethodCookie,
  deliveryPointCookie,
  readCheckoutData,
  readCouponCode,
  readDeliveryMethod,
  readDeliveryPoint,
  readSavedCart,
  savedCartCookie,
} from "./shop-cookies";

// The loader and action of /dostawa-i-platnosc (SPEC §2 Checkout screen, §5 Checkout, §8). The
// route file only wires them. Everything the shopper typed is kept in cookies for 7 days (saved on
// every successful step and on pay); the order itself is created by services.orders.create, which
// recomputes the price from the database.

/** Personal data: never stored by a shared cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The visitor's cart, restored on the server from the cart cookie (never from posted lines). */
export async function loadCart(context: AppLoadContext, request: Request): Promise<CartView> {
  const header = request.headers.get("cookie");
  const { cart } = await context.services.cart.view({
    saved: readSavedCart(header),
    couponCode: readCouponCode(header),
    deliveryMethod: readDeliveryMethod(header),
    user: context.user,
    ip: context.ip,
    lang: context.lang,
  });
  return cart;
}

/** An unapproved account may not check out (SPEC §4): back to the cart with the message. */
function refuseUnapproved(context: AppLoadContext) {
  if (context.user && !context.user.approved) {
    throw redirectWithFlash(CART_PATH, { type: "error", key: "checkout.accountNotApproved" });
  }
}

function onlyFields(values: AddressValues | undefined, fields: readonly string[]): AddressValues {
  const kept: AddressValues = {};
  for (const field of fields) kept[field] = values?.[field] ?? "";
  return kept;
}

function isValidSection(section: AddressSection, loggedIn: boolean, values: AddressValues): boolean {
  return sectionSchema(section, loggedIn).safeParse(values).success;
}

function storedPoint(header: string | null): DeliveryPoint | null {
  const parsed = deliveryPointSchema.safeParse(readDeliveryPoint(header) ?? undefined);
  return parsed.success ? parsed.data : null;
}

function postedPoint(value: FormDataEntryValue | null): DeliveryPoint | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return null;
  try {
    const parsed = deliveryPointSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function checkoutLoader(context: AppLoadContext, request: Request) {
  refuseUnapproved(context);
  const cart = await loadCart(context, request);
  if (cart.lines.length === 0) throw redirect(CART_PATH);

  const user = context.user;
  const loggedIn = user !== null;
  const header = request.headers.get("cookie");
  const stored = readCheckoutData(header, user?.email ?? null);
  // a logged-in user's account data fills a form that has nothing stored (SPEC §2 Checkout)
  const recipient = onlyFields(
    stored.recipient ?? recipientFromUser(user),
    sectionFields("recipient", loggedIn),
  );
  const invoiceData = onlyFields(
    stored.invoiceData ?? invoiceFromUser(user),
    sectionFields("invoiceData", loggedIn),
  );

  // "Chcę fakturę na inne dane" starts ticked only for invoice data of their own (a company, a NIP)
  const invoiceOther = !invoiceIsRecipient(recipient, invoiceData);
  return data(
    {
      cart,
      /** the lines as shown, posted back with the order: a change is then said per line (ADR 042) */
      seenCart: JSON.stringify(seenLines(cart.lines)),
      loggedIn,
      invoiceOther,
      /** the account e-mail a logged-in user's confirmation goes to (the recipient e-mail is hidden) */
      accountEmail: user?.email ?? null,
      values: { recipient, invoiceData },
      /** stored valid data shows as a summary; anything else opens the form */
      editing: {
        recipient: !isValidSection("recipient", loggedIn, recipient),
        // (shown only once "Chcę fakturę na inne dane" is ticked)
        invoiceData: !isValidSection("invoiceData", loggedIn, invoiceData),
      },
      deliveryMethod: cart.deliveryMethod,
      deliveryOptions: DELIVERY_METHODS.map((method) => ({
        id: method.id,
        priceGrosze: deliveryPriceGrosze(method.id, cart.productsGrosze),
      })),
      deliveryPoint: storedPoint(header),
      /** sent back with the order: a double click or a resubmitted page gets the same order */
      idempotencyKey: crypto.randomUUID(),
      paymentProvider: context.publicSettings.paymentProvider,
      parcelLockers: context.publicSettings.parcelLockers,
    },
    { headers: NO_STORE },
  );
}

function headersWith(cookies: readonly string[]): Headers {
  const headers = new Headers(NO_STORE);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

const FORM_CONTAINS_ERRORS: CheckoutMessage = { key: "errors.formContainsErrors" };
const SELECT_PARCEL_LOCKER = { key: "checkout.selectParcelLocker" } as const;

/** The message of a refused order (SPEC §8: "Error: " plus the message). */
function failureMessage(failure: Failure): CheckoutMessage {
  switch (failure.code) {
    case "validation":
      return FORM_CONTAINS_ERRORS;
    case "order/price-changed":
      return { key: "errors.priceChanged" };
    case "order/out-of-stock": {
      const product = failure.details?.product;
      return {
        key: "errors.outOfStock",
        params: { product: typeof product === "string" ? product : "" },
        errorPrefix: true,
      };
    }
    case "checkout/account-not-approved":
      return { key: "checkout.accountNotApproved" };
    default:
      return { key: errorMessageKey(failure.code), errorPrefix: true };
  }
}

function priceChangedDetails(failure: Failure): PriceChangedDetails | undefined {
  if (failure.code !== "order/price-changed" || !failure.details) return undefined;
  const total = failure.details.totalGrosze;
  return typeof total === "number" ? (failure.details as unknown as PriceChangedDetails) : undefined;
}

/**
 * The line an out-of-stock refusal of the orders service is about (an order placed meanwhile took
 * the units), as a change of what the shopper saw; null when it cannot be matched.
 */
function shortageAsChange(
  failure: Failure,
  cart: CartView,
  seen: readonly SeenCartLine[],
): CartLineChange | null {
  if (failure.code !== "order/out-of-stock" || !failure.details) return null;
  const { productId, variantId, available } = failure.details;
  const line = cart.lines.find(
    (candidate) => candidate.productId === productId && candidate.variantId === (variantId ?? null),
  );
  const shown = line ? seen.find((candidate) => candidate.lineId === line.lineId) : undefined;
  if (!shown || typeof available !== "number") return null;
  return shortageChange(shown, available);
}

export async function checkoutAction(context: AppLoadContext, request: Request) {
  refuseUnapproved(context);
  const user = context.user;
  const loggedIn = user !== null;
  const userEmail = user?.email ?? null;
  const header = request.headers.get("cookie");
  const form = await request.formData();
  const intentValue = form.get("intent");
  // a locker from the no-JavaScript search list is a button named choosePoint (its value is the id)
  const intent: CheckoutIntent | null = form.has("choosePoint")
    ? "choose-point"
    : isCheckoutIntent(intentValue)
      ? intentValue
      : null;
  /** a background save from the browser (delivery or point changed): answer with data, never redirect */
  const background = form.get("via") === "fetcher";

  const values: Record<AddressSection, AddressValues> = {
    recipient: postedSection(form, "recipient", loggedIn),
    invoiceData: postedSection(form, "invoiceData", loggedIn),
  };
  const editing: Record<AddressSection, boolean> = {
    recipient: form.get(modeInputName("recipient")) === "edit",
    invoiceData: form.get(modeInputName("invoiceData")) === "edit",
  };
  // without "Chcę fakturę na inne dane" the invoice data are the recipient's (its form is not shown)
  const invoiceOther =
    form.has(INVOICE_OTHER) || intent === "copy-recipient" || intent === "save-invoiceData";
  if (!invoiceOther) values.invoiceData = invoiceFromRecipient(values.recipient);
  const postedDelivery = form.get("delivery");
  const delivery: DeliveryMethodId = isDeliveryMethodId(postedDelivery)
    ? postedDelivery
    : readDeliveryMethod(header);
  let point = postedPoint(form.get("deliveryPoint")) ?? (background ? null : storedPoint(header));
  const accepted = form.has("acceptTermsAndConditions");
  const typedCookies = () => [
    checkoutDataCookie(header, userEmail, { recipient: values.recipient, invoiceData: values.invoiceData }),
    deliveryMethodCookie(delivery),
    ...(point ? [deliveryPointCookie(point)] : []),
  ];
  const state = (extra: Partial<CheckoutActionData> = {}): CheckoutActionData => ({
    intent,
    values,
    editing,
    deliveryPoint: point,
    acceptTermsAndConditions: accepted,
    invoiceOther,
    ...extra,
  });
  // a successful step: save what was typed and show the page again (works without JavaScript)
  const saved = (cookies: string[]) => redirect(CHECKOUT_PATH, { headers: headersWith(cookies) });

  switch (intent) {
    case "delivery": {
      if (background) return data({ ok: true }, { headers: headersWith([deliveryMethodCookie(delivery)]) });
      return saved(typedCookies());
    }
    case "point": {
      if (!point) {
        return data(state({ errors: { deliveryPoint: SELECT_PARCEL_LOCKER } }), {
          status: 400,
          headers: NO_STORE,
        });
      }
      if (background) return data({ ok: true }, { headers: headersWith([deliveryPointCookie(point)]) });
      return saved(typedCookies());
    }
    case "search-points": {
      const query = String(form.get("pointQuery") ?? "").trim();
      const parsed = parcelPointSearchSchema.safeParse({ q: query, limit: 10 });
      if (!parsed.success) {
        return data(
          state({ errors: { deliveryPoint: SELECT_PARCEL_LOCKER }, pointSearch: { query, results: [] } }),
          {
            status: 400,
            headers: NO_STORE,
          },
        );
      }
      const results = await context.services.parcelPoints.search(parsed.data.q, parsed.data.limit);
      return data(state({ pointSearch: { query, results } }), { headers: NO_STORE });
    }
    case "choose-point": {
      const chosen = await context.services.parcelPoints.get(String(form.get("choosePoint") ?? ""));
      if (!chosen) {
        return data(state({ errors: { deliveryPoint: SELECT_PARCEL_LOCKER } }), {
          status: 400,
          headers: NO_STORE,
        });
      }
      point = parcelPointToDeliveryPoint(chosen);
      return saved(typedCookies());
    }
    case "save-recipient":
    case "save-invoiceData": {
      const section: AddressSection = intent === "save-recipient" ? "recipient" : "invoiceData";
      const errors = sectionFieldErrors(section, loggedIn, values[section]);
      if (Object.keys(errors).length > 0) {
        return data(
          state({ errors, editing: { ...editing, [section]: true }, message: FORM_CONTAINS_ERRORS }),
          {
            status: 400,
            headers: NO_STORE,
          },
        );
      }
      return saved(typedCookies());
    }
    case "edit-recipient":
    case "edit-invoiceData": {
      const section: AddressSection = intent === "edit-recipient" ? "recipient" : "invoiceData";
      return data(state({ editing: { ...editing, [section]: true } }), { headers: NO_STORE });
    }
    case "copy-recipient": {
      values.invoiceData = copyRecipientToInvoice(values.recipient, values.invoiceData);
      return data(state({ editing: { ...editing, invoiceData: true } }), { headers: NO_STORE });
    }
    case "pay":
      return pay();
    default:
      return data(state(), { headers: NO_STORE });
  }

  async function pay() {
    const cart = await loadCart(context, request);
    if (cart.lines.length === 0) throw redirect(CART_PATH);
    const priceGrosze = Number(form.get("priceGrosze"));
    const idempotencyKey = form.get("idempotencyKey");
    const body = {
      priceGrosze: Number.isSafeInteger(priceGrosze) ? priceGrosze : -1,
      delivery,
      cart: toOrderCart(cart.lines),
      coupon: cart.coupon?.code ?? null,
      recipient: values.recipient,
      invoiceData: values.invoiceData,
      deliveryPoint: delivery === "parcel-locker" ? point : null,
      acceptTermsAndConditions: accepted,
      maxProcessingTime: cart.maxProcessingTime,
    };
    const cookies = typedCookies();
    const invalid = (errors: CheckoutActionData["errors"], message: CheckoutMessage, status: number) => {
      const reopened = Object.fromEntries(
        ADDRESS_SECTIONS.map((section) => [section, editing[section] || hasSectionErrors(errors, section)]),
      ) as Record<AddressSection, boolean>;
      return data(state({ errors, editing: reopened, message }), { status, headers: headersWith(cookies) });
    };

    const parsed = parseForm(makeOrderCreateSchema({ requireRecipientEmail: !loggedIn }), body);
    if (!parsed.ok) {
      // the schema checks the point only once the rest is valid: say it together with the other errors
      const noPoint = delivery === "parcel-locker" && !point;
      const found = noPoint ? { deliveryPoint: SELECT_PARCEL_LOCKER, ...parsed.errors } : parsed.errors;
      // invoice data copied from the recipient repeat the recipient's errors: said once, there
      const errors = invoiceOther
        ? found
        : Object.fromEntries(Object.entries(found).filter(([path]) => !path.startsWith("invoiceData.")));
      return invalid(errors, FORM_CONTAINS_ERRORS, 400);
    }

    // what the shopper saw and what can be bought now: say per line what changed (issue 25), and
    // keep the cart cookie (badge, side cart, summary) at what is left
    const seen = parseSeenCart(form.get("seenCart"));
    const changes = cartChanges(seen, cart.lines);
    const cartChanged = (lines: CartLineChange[]) =>
      data(state({ message: { key: errorMessageKey("order/cart-changed") }, cartChanges: lines }), {
        status: errorStatus("order/cart-changed"),
        headers: headersWith([...cookies, savedCartCookie(toSavedCart(cart.lines))]),
      });
    if (changes.length > 0) return cartChanged(changes);

    const result = await context.services.orders.create({
      body,
      user,
      lang: context.lang,
      idempotencyKey:
        typeof idempotencyKey === "string" && idempotencyKey ? idempotencyKey.slice(0, 100) : null,
      ip: context.ip,
    });
    if (!result.ok) {
      const shortage = shortageAsChange(result, cart, seen);
      if (shortage) return cartChanged([shortage]);
      const status = errorStatus(result.code);
      const message = failureMessage(result);
      const priceChanged = priceChangedDetails(result);
      if (priceChanged) {
        return data(state({ message, priceChanged }), { status, headers: headersWith(cookies) });
      }
      return invalid(result.fields, message, status);
    }
    return redirect(result.value.redirectUrl, { headers: headersWith(cookies) });
  }
}
