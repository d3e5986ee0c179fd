import type { Ref } from "react";
import { Form, type FormProps } from "react-router";

// A posted form that the browser checks with our schema first (useFormValidation's onSubmit and
// onChange): `noValidate`, so only our translated messages show, never the browser's own bubbles.

export function ValidatedForm(
  props: Omit<FormProps, "method" | "noValidate"> & { ref?: Ref<HTMLFormElement> },
) {
  return <Form method="post" noValidate {...props} />;
}
