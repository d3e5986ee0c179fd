import type { FieldError } from "../../domain/validation/errors";
import { useT } from "../lib/i18n";
import { TextField } from "./form-field";
import "../lib/auth-texts";

/**
 * A new password and its confirmation (register, the reset link's page, the account's password
 * change): both required, filled by the browser's password generator, the rule said up front.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  errors,
}: {
  passwordLabel: string;
  confirmLabel: string;
  errors: Record<string, FieldError>;
}) {
  const t = useT();
  return (
    <>
      <TextField
        name="password"
        required
        type="password"
        label={passwordLabel}
        autoComplete="new-password"
        error={errors.password}
        hint={t("account.passwordHint")}
      />
      <TextField
        name="confirmPassword"
        required
        type="password"
        label={confirmLabel}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}
