// Login, password reset, registration, new password (SPEC §5).

import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { isCommonPassword } from "../password-policy";
import { displayNameSchema } from "./address";
import { emailSchema, requiredOrInvalid } from "./common";
import { MSG } from "./messages";

/**
 * Login password: required (older accounts may have shorter passwords) and bounded, so nothing
 * long is ever hashed. Never trimmed.
 */
const loginPasswordSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, { error: MSG.required })
  .max(PASSWORD_MAX, { error: MSG.maxLength });

/** New password: required, at least 7 characters, at most PASSWORD_MAX, not a common one. Never trimmed. */
export const passwordSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, { error: MSG.required })
  .min(PASSWORD_MIN, { error: MSG.minLength })
  .max(PASSWORD_MAX, { error: MSG.maxLength })
  .refine((password) => !isCommonPassword(password), { error: MSG.commonPassword });

const confirmPasswordSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, { error: MSG.required })
  .max(PASSWORD_MAX, { error: MSG.maxLength });

const samePassword = {
  path: ["confirmPassword"],
  error: MSG.sameAsPassword,
};

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
});
export type LoginInput = z.output<typeof loginSchema>;

export const resetPasswordSchema = z.object({ email: emailSchema });

/** Registration form (with the terms checkbox). */
export const registerSchema = z
  .object({
    displayName: displayNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    acceptTerms: z.literal(true, { error: MSG.termsRequired }),
  })
  .refine((data) => data.password === data.confirmPassword, samePassword);
export type RegisterForm = z.output<typeof registerSchema>;

/** `POST /auth/register` body (SPEC §3): the form without the checkbox. */
export const registerPayloadSchema = z
  .object({
    displayName: displayNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((data) => data.password === data.confirmPassword, samePassword);
export type RegisterPayload = z.output<typeof registerPayloadSchema>;

/**
 * Change password while signed in (/konto/ustawienia, PUT /api/auth/password): the current password
 * (checked like a login's), the new one and its confirmation.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: loginPasswordSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((data) => data.password === data.confirmPassword, samePassword);
export type ChangePasswordForm = z.output<typeof changePasswordSchema>;

/** Set-new-password form; the API body adds the link's query params. */
export const newPasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((data) => data.password === data.confirmPassword, samePassword);
