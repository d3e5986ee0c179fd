import { Form } from "react-router";
import { FormAlert, SubmitButton, TextField } from "../../components/form-field";
import { useT } from "../../lib/i18n";
import { useNavigationPending } from "./use-navigation-pending";
import "../../lib/after-sale-texts";

// The footer link's page without an order: the guest names the order by its number and the e-mail
// it was placed with (a GET form: the page's loader looks it up, rate-limited like the order view).

export function WithdrawalLookup({
  notFound,
  values,
}: {
  notFound: boolean;
  values: { orderNumber: string; email: string } | null;
}) {
  const t = useT();
  const pending = useNavigationPending();
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <p className="text-stone-700">{t("afterSale.identifyIntro")}</p>
      <Form method="get" className="mt-4 space-y-4">
        <FormAlert message={notFound ? t("afterSale.orderNotFound") : undefined} />
        <TextField
          name="orderNumber"
          label={t("afterSale.orderNumber")}
          required
          maxLength={64}
          autoComplete="off"
          defaultValue={values?.orderNumber}
        />
        <TextField
          name="email"
          type="email"
          label={t("afterSale.orderEmail")}
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={values?.email}
        />
        <SubmitButton pending={pending}>{t("afterSale.find")}</SubmitButton>
      </Form>
    </section>
  );
}
