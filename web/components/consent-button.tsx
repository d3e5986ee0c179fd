import type { ReactNode, Ref } from "react";
import { consentStore } from "../lib/cookies";

/** The cookie form's answers, as posted to /zgoda-cookies (`decision`). */
type ConsentChoice = "accept" | "reject" | "ask";

const CHOOSE: Record<ConsentChoice, () => void> = {
  accept: () => consentStore.decide("accepted"),
  reject: () => consentStore.decide("rejected"),
  ask: () => consentStore.ask(),
};

/**
 * A submit button of a cookie form: without JavaScript it posts its `decision`; with JavaScript it
 * decides in the browser at once (the notice hides, or shows again for `ask`).
 */
export function ConsentButton({
  decision,
  className,
  ref,
  children,
}: {
  decision: ConsentChoice;
  className: string;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="submit"
      name="decision"
      value={decision}
      onClick={(event) => {
        event.preventDefault();
        CHOOSE[decision]();
      }}
      className={className}
    >
      {children}
    </button>
  );
}
