import type { AuthKey } from "./auth-pl";

// English texts of one area of the shop: Login, register, reset password, new password and the token pages (see auth-pl.ts).
// Typed by the Polish keys of the area, so the compiler rejects missing and extra keys.

export const enAuth: Record<AuthKey, string> = {
  "auth.loginTitle": "Log in",
  "auth.registerTitle": "Register",
  "auth.resetTitle": "Reset password",
  "auth.resetDescription":
    "Enter the email address of your account. We will send you a link to set a new password.",
  "auth.newPasswordTitle": "Set a new password",
  "auth.email": "Email",
  "auth.password": "Password",
  "auth.confirmPassword": "Repeat password",
  "auth.newPassword": "New password",
  "auth.displayName": "Full name/Company name",
  "auth.terms": "I accept the {terms} and the {privacyPolicy}",
  "auth.termsLink": "terms and conditions",
  "auth.privacyPolicyLink": "privacy policy",
  "auth.loginButton": "Log in",
  "auth.registerButton": "Register",
  "auth.send": "Send",
  "auth.forgotPassword": "Forgot your password?",
  "auth.noAccount": "Don't have an account?",
  "auth.registerLink": "Register",
  "auth.haveAccount": "Already have an account?",
  "auth.loginLink": "Log in",
  "auth.backToLogin": "Back to login",
  "auth.tokenSuccessTitle": "Email address confirmed",
  "auth.tokenSuccessText": "Thank you! Your email address has been confirmed.",
  "auth.tokenSuccessGoHome": "Go to the home page",
  "auth.tokenSuccessLogin": "Log in",
  "auth.tokenErrorTitle": "We could not confirm your email address",
  "auth.tokenErrorUserNotFound": "No user with this email address was found.",
  "auth.tokenErrorUserNotFoundAction": "Register",
  "auth.tokenErrorInvalidToken":
    'The link is invalid or has expired. Log in and click "Send again" to receive a new link.',
  "auth.tokenErrorInvalidTokenAction": "Log in",
  "auth.tokenErrorAlreadyConfirmedTitle": "Your e-mail address is already confirmed",
  "auth.tokenErrorAlreadyConfirmed": "Your email address has already been confirmed. You can log in.",
  "auth.tokenErrorAlreadyConfirmedAction": "Log in",
  "auth.tokenErrorUnknown": "We could not confirm your email address. Please try again later.",
  "auth.newPasswordMissingLink":
    "This link is incomplete. Open the link from the email or request a new one.",
  "auth.requestNewLink": "Request a new link",
  "account.passwordHint":
    "At least 7 characters. Do not use a common password such as “qwerty123” or “password1”.",
};
