import { useId } from "react";
import { data, Form } from "react-router";
import { textLang } from "../../../domain/content-language";
import { translate } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import { contactSchema } from "../../../domain/validation/contact";
import { parseForm } from "../../../domain/validation/errors";
import { ERROR_CODES } from "../../../server/web-door";
import {
  FieldErrorText,
  FormAlert,
  LabelRow,
  RequiredLegend,
  SubmitButton,
  TextField,
} from "../../components/form-field";
import { HtmlContent } from "../../components/html-content";
import { TitledSection } from "../../components/titled-section";
import { formValues, keepValues } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { rootFromMatches, seoMeta } from "../../lib/seo";
import { CONTAINER } from "../../lib/site";
import { serverFeedback, useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/contact";
import { PageHeader } from "./page-header";
import "../../lib/content-texts";

// /kontakt (SPEC §2): the `kontakt` page (the operator's business data) and the contact form
// (e-mail, message, "Wyślij wiadomość"). The action calls the same service as POST /api/shops/message.

const CONTACT_LINK = "kontakt";
const FIELDS = ["email", "message"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const page = (await context.services.content.showPage(CONTACT_LINK, context.lang))?.page ?? null;
  return { page, moderator: isShopModerator(context.user) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = parseForm(contactSchema, values);
  if (!parsed.ok) {
    return data(
      {
        sent: false as const,
        formError: "errors.formContainsErrors",
        errors: parsed.errors,
        values: keepValues(values, FIELDS),
      },
      { status: 400 },
    );
  }
  const result = await context.services.contact.sendMessage(parsed.data, { ip: context.ip });
  if (!result.ok) {
    const entry = ERROR_CODES[result.code];
    return data(
      { sent: false as const, formError: entry.key, errors: undefined, values: keepValues(values, FIELDS) },
      { status: entry.status },
    );
  }
  return { sent: true as const, at: Date.now() };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const page = loaderData?.page;
  return seoMeta({
    root,
    title: page?.title ?? translate(root.lang, "contact.title"),
    description: page?.content || translate(root.lang, "contact.intro"),
    path: "/kontakt",
    image: page?.image ?? null,
  });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { page, moderator } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-14">
        <article className="min-w-0">
          {page ? (
            <>
              <PageHeader page={page} moderator={moderator} />
              <HtmlContent html={page.content} lang={textLang(page, "content")} className="mt-6" />
            </>
          ) : (
            <>
              <h1 className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">
                {t("contact.title")}
              </h1>
              <p className="mt-3 text-lg text-stone-700">{t("contact.intro")}</p>
            </>
          )}
        </article>
        <ContactForm actionData={actionData} />
      </div>
    </div>
  );
}

function ContactForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const t = useT();
  const messageId = useId();
  const failure = actionData && !actionData.sent ? actionData : undefined;
  const { errors, formError, onSubmit, onChange } = useFormValidation(
    () => import("../../../domain/validation/contact").then((m) => m.contactSchema),
    serverFeedback(failure),
  );
  const submitting = useSubmitting();
  const values = failure?.values ?? {};
  const messageError = errors.message;

  return (
    <TitledSection
      id="contact-form-title"
      title={t("contact.formTitle")}
      className="self-start rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
      headingClassName="font-serif text-2xl font-semibold text-stone-900"
    >
      {/* a new key after each sent message empties the fields */}
      <Form
        key={actionData?.sent ? actionData.at : "contact"}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        className="mt-4 space-y-4"
      >
        <RequiredLegend />
        {actionData?.sent ? <FormAlert tone="info" message={t("contact.sent")} /> : null}
        <FormAlert message={formError ? t(formError) : undefined} />
        <TextField
          name="email"
          type="email"
          label={t("contact.email")}
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <div>
          <LabelRow required>
            <label htmlFor={messageId} className="text-sm font-medium text-stone-800">
              {t("contact.message")}
            </label>
          </LabelRow>
          <textarea
            id={messageId}
            name="message"
            rows={7}
            required
            defaultValue={values.message}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? `${messageId}-error` : undefined}
            className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40 ${
              messageError ? "border-red-600" : "border-stone-300 focus-visible:border-accent-600"
            }`}
          />
          <FieldErrorText id={`${messageId}-error`} error={messageError} />
        </div>
        <SubmitButton pending={submitting} className="w-full sm:w-auto">
          {t("contact.send")}
        </SubmitButton>
      </Form>
    </TitledSection>
  );
}
