import type { FieldError } from "../../domain/validation/errors";

// Kept apart from form-field.tsx: only the staff and account-settings forms use it, and form-field's chunk is on
// the checkout's first load, which is at its budget (web/bundle-budgets.test.ts).

/**
 * The `name`, `defaultValue` and `error` props of one form's fields, read from the values it shows and
 * its errors: `<TextField {...field("code")} label={…} />`.
 */
export function bindFields<V extends object>(
  values: V,
  errors: { readonly [name: string]: FieldError | undefined },
) {
  return (name: keyof V & string) => {
    const value: unknown = values[name];
    return { name, defaultValue: typeof value === "string" ? value : undefined, error: errors[name] };
  };
}
