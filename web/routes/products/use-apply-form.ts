import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { parseProductQuery, productListHref } from "../../../domain/validation/product-query";

/**
 * With JavaScript, a filter or sort form goes to the list's canonical address (defaults and empty
 * fields left out) without reloading the page; without JavaScript it is a plain GET form.
 */
export function useApplyForm() {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    navigate(productListHref(parseProductQuery(params)), { preventScrollReset: true });
  };
  return {
    apply,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      apply(event.currentTarget);
    },
  };
}
