import { describe, expect, it } from "vitest";
import { en } from "../../domain/i18n/en";
import { pl } from "../../domain/i18n/pl";
import { ERROR_CODES, fail } from "../lib/result";
import { errorBody } from "./errors";

describe("error codes", () => {
  it.each(Object.entries(ERROR_CODES))("%s has a translation in both languages", (_code, entry) => {
    expect(pl).toHaveProperty([entry.key]);
    expect(en).toHaveProperty([entry.key]);
  });

  it.each([
    ["forbidden-moderator", 403, "Required moderator role"],
    ["forbidden-admin", 403, "Required admin role"],
    ["auth/user-not-found", 404, "User Not found."],
    ["auth/wrong-password", 401, "Invalid Password!"],
    ["auth/email-already-in-use", 409, "Failed! Email is already in use!"],
    ["order/not-found", 404, "Order Not found."],
    ["order/not-paid", 409, "Order not paid."],
    ["unauthorized", 401, "Unauthorized!"],
  ] as const)("%s → %i %s", (code, status, message) => {
    expect(errorBody(fail(code))).toMatchObject({ statusCode: status, code, message });
  });
});
