// Turning zod errors into per-field message keys for forms and API responses.

import type { z } from "zod";
import { isMessageKey, MESSAGE_PARAMS, type MessageKey, MSG } from "./messages";

export type MessageParams = Record<string, string | number>;

export interface FieldError {
  key: MessageKey;
  params?: MessageParams;
}

/** Path under which errors of the whole object (empty issue path) are reported. */
export const FORM_ERROR_PATH = "";

type Issue = z.core.$ZodIssue;

function fallbackKey(issue: Issue): MessageKey {
  switch (issue.code) {
    case "too_small":
      return issue.origin === "number" || issue.origin === "bigint" || issue.origin === "date"
        ? MSG.minValue
        : MSG.minLength;
    case "too_big":
      return issue.origin === "number" || issue.origin === "bigint" || issue.origin === "date"
        ? MSG.maxValue
        : MSG.maxLength;
    case "invalid_format":
      if (issue.format === "email") return MSG.email;
      if (issue.format === "url") return MSG.url;
      return MSG.invalid;
    case "invalid_type":
      if (issue.expected === "int") return MSG.integer;
      if (issue.expected === "number") return MSG.number;
      return MSG.invalid;
    default:
      return MSG.invalid;
  }
}

function paramsFor(key: MessageKey, issue: Issue): MessageParams | undefined {
  const names = MESSAGE_PARAMS[key];
  if (!names) return undefined;
  const source: Record<string, unknown> = {};
  if (issue.code === "too_small") source.min = issue.minimum;
  if (issue.code === "too_big") source.max = issue.maximum;
  if (issue.code === "custom" && issue.params) Object.assign(source, issue.params);
  const params: MessageParams = {};
  for (const name of names) {
    const value = source[name];
    if (typeof value === "number" || typeof value === "string") params[name] = value;
    else if (typeof value === "bigint") params[name] = Number(value);
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/** The message key (and its params) of one issue; unknown messages map by issue code. */
export function issueToFieldError(issue: Issue): FieldError {
  const key = isMessageKey(issue.message) ? issue.message : fallbackKey(issue);
  const params = paramsFor(key, issue);
  return params ? { key, params } : { key };
}

export function issuePath(issue: Pick<Issue, "path">): string {
  return issue.path.map(String).join(".");
}

/** The FIRST failing rule per field path ("recipient.postCode", "cart.0.quantity"; "" for the form). */
export function fieldErrors(error: { issues: readonly Issue[] }): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const path = issuePath(issue);
    if (!(path in errors)) errors[path] = issueToFieldError(issue);
  }
  return errors;
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, FieldError> };

/** safeParse returning either the data or `fieldErrors`. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): FormResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
