import { data, redirect } from "react-router";
import { BACK_IN_STOCK_SENT_PARAM } from "../../../domain/back-in-stock-links";
import { backInStockRequestSchema } from "../../../domain/validation/back-in-stock";
import { parseForm } from "../../../domain/validation/errors";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { safeRedirect } from "../../lib/safe-redirect";
import { NO_SCRIPT_RETURN_FIELD } from "../cart/no-script-return";
import type { BackInStockReply } from "../product/back-in-stock-form";
import type { Route } from "./+types/subscribe";

// POST /powiadom-mnie (issue 30, docs/decisions/080): the product page's "Powiadom mnie, gdy będzie
// dostępny". A fetcher gets the answer as data; a plain form post (no JavaScript, NO_SCRIPT_RETURN_FIELD
// set) is sent back to the product page with `?powiadomienie=` saying what the form shows. The
// service answers alike whether or not the address was subscribed already.

/** the fields read, each limited (the e-mail by the schema, the ids as digits) */
const FIELDS = ["productId", "variantId", "email"] as const;
const FIELD_MAX = 300;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, FIELD_MAX) : undefined];
    }),
  );
  const returnTo = form.get(NO_SCRIPT_RETURN_FIELD);
  const answer = (reply: BackInStockReply, state: string, status = 200) => {
    if (typeof returnTo !== "string") return data(reply, { status });
    const target = new URL(safeRedirect(returnTo, "/"), "http://shop.invalid");
    target.searchParams.set(BACK_IN_STOCK_SENT_PARAM, state);
    return redirect(`${target.pathname}${target.search}`, 303);
  };
  const parsed = parseForm(backInStockRequestSchema, values);
  if (!parsed.ok) {
    const emailWrong = "email" in parsed.errors;
    return answer(
      { ok: false, error: emailWrong ? "validation.email" : "errors.generic" },
      emailWrong ? "email" : "error",
      400,
    );
  }
  const user = context.user;
  const result = await context.services.backInStock.subscribe(parsed.data, {
    ip: context.ip,
    lang: context.lang,
    user: user ? { email: user.email, approved: user.approved } : null,
  });
  if (!result.ok)
    return answer(
      { ok: false, error: errorMessageKey(result.code) },
      result.code === "rate-limited" ? "limit" : "error",
      errorStatus(result.code),
    );
  return answer({ ok: true, confirmed: result.value.confirmed }, result.value.confirmed ? "own" : "ok");
}

export function loader() {
  return redirect("/");
}
