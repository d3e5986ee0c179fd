import type { FieldError } from "../../../domain/validation/errors";
import { TextField } from "../../components/form-field";
import { useT } from "../../lib/i18n";
import "../../lib/auth-texts";

/** The e-mail field of the login, register and reset forms, filled again with what was typed. */
export function EmailField({
  required,
  defaultValue,
  error,
}: {
  required?: boolean;
  defaultValue: string | undefined;
  error: FieldError | undefined;
}) {
  const t = useT();
  return (
    <TextField
      name="email"
      required={required}
      type="email"
      label={t("auth.email")}
      autoComplete="email"
      inputMode="email"
      defaultValue={defaultValue}
      error={error}
    />
  );
}
