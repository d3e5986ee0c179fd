import { Fragment } from "react";

// An e-mail address that wraps where a reader expects it (issue 25): after the "@" and before a dot.
// The element around it takes `wrap-anywhere`, so a single part wider than its box still wraps
// (the last resort at 360 px) instead of overflowing; no break in the middle of a word otherwise.

export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
