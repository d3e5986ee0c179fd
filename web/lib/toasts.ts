import type { FlashInput, FlashMessage } from "./flash";

// Toasts raised in the browser (after a fetcher finished, a refused action…) for the Toaster
// (web/components/toaster.tsx), whose code loads while the page hydrates
// (docs/decisions/021-bundle-budgets.md): a toast raised before it listens waits here for it.

type Listener = (message: FlashMessage) => void;

let listener: Listener | null = null;
const waiting: FlashMessage[] = [];

/** Shows a toast from browser code. */
export function showToast(toast: FlashInput): void {
  const message: FlashMessage = { id: crypto.randomUUID(), ...toast };
  if (listener) listener(message);
  else waiting.push(message);
}

/** The Toaster's subscription: the toasts raised before it listened, then each new one. */
export function listenToToasts(next: Listener): () => void {
  listener = next;
  for (const message of waiting.splice(0)) next(message);
  return () => {
    if (listener === next) listener = null;
  };
}
