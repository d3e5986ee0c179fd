import type { PublicSettings } from "../../../server/web-door";
import { useT } from "../../lib/i18n";
import { CheckoutCard } from "./checkout-card";
import "../../lib/checkout-texts";

// Płatność: who handles the payment (PAYMENT_PROVIDER). The logos are inline (no external images:
// the shop renders offline); the name is the logo's accessible text.

function DemoLogo({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 text-accent-600" fill="none">
        <path d="M3 10 12 4l9 6" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span className="font-semibold text-stone-900">{label}</span>
    </span>
  );
}

function PaynowLogo({ label }: { label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className="inline-flex items-center rounded-lg bg-[#0b2a4a] px-3 py-2 font-bold tracking-tight text-white"
    >
      <span aria-hidden="true">
        pay<span className="text-[#43c5f0]">now</span>
      </span>
    </span>
  );
}

export function PaymentProvider({ provider }: { provider: PublicSettings["paymentProvider"] }) {
  const t = useT();
  return (
    <CheckoutCard headingId="checkout-payment" title={t("checkout.payment")}>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <span>{t("checkout.paymentProvider")}:</span>
        {provider === "paynow" ? (
          <PaynowLogo label={t("checkout.providerPaynow")} />
        ) : (
          <DemoLogo label={t("checkout.providerDemo")} />
        )}
      </div>
    </CheckoutCard>
  );
}
