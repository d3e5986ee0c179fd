import type { MessageKey } from "../../domain/i18n";

/** A one-time message shown as a toast after a redirect (see flash.server.ts and the Toaster). */
export interface FlashMessage {
  /** distinguishes two equal messages in a row */
  id: string;
  type: "success" | "error" | "info";
  /** message key (translated when shown) */
  key: MessageKey;
  params?: Record<string, string | number>;
  /** prefix the text with errors.prefix ("Błąd: ") as the spec's 'Error: ' + message toasts */
  errorPrefix?: boolean;
}

export type FlashInput = Omit<FlashMessage, "id">;
