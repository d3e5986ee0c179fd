import { data, Form, useActionData, useLoaderData } from "react-router";
import { BACK_IN_STOCK_CONFIRM_PATH } from "../../../domain/back-in-stock-links";
import type { MessageKey } from "../../../domain/i18n";
import { backInStockTokenSchema } from "../../../domain/validation/back-in-stock";
import { FormAlert } from "../../components/form-field";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { useT } from "../../lib/i18n";
import { langFromMatches, metaTags } from "../../lib/meta";
import { CONTAINER } from "../../lib/site";
import type { Route } from "./+types/email-link";
import "../../lib/content-texts";

// /powiadom-mnie/potwierdz?token=… and /powiadom-mnie/wypisz?token=… (issue 30, docs/decisions/080):
// the links of the back-in-stock e-mails. The link only shows a page with a button; the button's
// POST confirms or unsubscribes, so a mail scanner that follows links changes nothing. Works without
// JavaScript (a plain form post answered with the page).

const PAGES = {
  confirm: {
    title: "backInStock.confirmTitle",
    intro: "backInStock.confirmIntro",
    button: "backInStock.confirmButton",
    done: "backInStock.confirmed",
  },
  unsubscribe: {
    title: "backInStock.unsubscribeTitle",
    intro: "backInStock.unsubscribeIntro",
    button: "backInStock.unsubscribeButton",
    done: "backInStock.unsubscribed",
  },
} as const satisfies Record<string, Record<string, MessageKey>>;

type Kind = keyof typeof PAGES;

const kindOf = (url: URL): Kind =>
  url.pathname.startsWith(BACK_IN_STOCK_CONFIRM_PATH) ? "confirm" : "unsubscribe";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [
    ...metaTags(langFromMatches(matches), PAGES[loaderData?.kind ?? "unsubscribe"].title),
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = backInStockTokenSchema.safeParse(url.searchParams.get("token"));
  return { kind: kindOf(url), token: token.success ? token.data : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const kind = kindOf(url);
  const form = await request.formData();
  // a mail app's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the link
  // itself: the token is the link's
  const oneClick = kind === "unsubscribe" && form.get("List-Unsubscribe") === "One-Click";
  const token = backInStockTokenSchema.safeParse(
    oneClick ? url.searchParams.get("token") : form.get("token"),
  );
  if (!token.success)
    return data({ done: false, error: "errors.invalidToken" as MessageKey }, { status: 400 });
  const { backInStock } = context.services;
  const result =
    kind === "confirm" ? await backInStock.confirm(token.data) : await backInStock.unsubscribe(token.data);
  if (!result.ok)
    return data({ done: false, error: errorMessageKey(result.code) }, { status: errorStatus(result.code) });
  return { done: true, error: null };
}

export default function BackInStockEmailLink() {
  const t = useT();
  const { kind, token } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const page = PAGES[kind];
  return (
    <div className={`${CONTAINER} max-w-xl py-10`}>
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t(page.title)}</h1>
      {reply?.done ? (
        <div className="mt-6">
          <FormAlert tone="info" message={t(page.done)} />
        </div>
      ) : token ? (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-stone-700">{t(page.intro)}</p>
          <FormAlert message={reply?.error ? t(reply.error) : undefined} />
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="min-h-11 rounded-full bg-accent-600 px-6 py-2 font-semibold text-white hover:bg-accent-700"
          >
            {t(page.button)}
          </button>
        </Form>
      ) : (
        <div className="mt-6">
          <FormAlert message={t("errors.invalidToken")} />
        </div>
      )}
    </div>
  );
}
