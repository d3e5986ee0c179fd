import { useEffect, useRef, useState } from "react";
import type { FlashMessage } from "../lib/flash";
import { useT } from "../lib/i18n";
import { listenToToasts } from "../lib/toasts";
import { CloseIcon } from "./icons";

// Toasts: short messages in one live region (role="status"), so screen readers announce them.
// Two sources: the flash message in the root data (set by an action before a redirect, see
// web/lib/flash.server.ts; rendered on the server too, so it works without JavaScript) and
// `showToast()` (web/lib/toasts.ts) for messages raised in the browser. The root loads this code
// while the page hydrates (web/lib/lazy-in-browser.ts).

const SHOW_MS = 6000;
/** how long a toast waits before it looks for the same message shown inline */
const INLINE_CHECK_MS = 60;

const TONES: Record<FlashMessage["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-stone-300 bg-white text-stone-900",
};

export function Toaster({ flash }: { flash?: FlashMessage | null }) {
  const t = useT();
  const [toasts, setToasts] = useState<FlashMessage[]>(() => (flash ? [flash] : []));
  const seen = useRef(new Set<string>(flash ? [flash.id] : []));

  // a new flash message from the root data (after a redirect)
  useEffect(() => {
    if (!flash || seen.current.has(flash.id)) return;
    seen.current.add(flash.id);
    setToasts((current) =>
      current.some((toast) => sameToast(toast, flash)) ? current : [...current, flash],
    );
  }, [flash]);

  // Each message is announced once (WCAG 4.1.3, issue 25): a toast whose text the page already shows
  // inline (a field's error, a form's alert: [data-inline-message], web/components/form-field.tsx)
  // is not shown again, and a toast equal to one still on screen is not stacked under it.
  const text = useRef(t);
  text.current = t;
  useEffect(
    () =>
      listenToToasts((message) => {
        // looked at once the page has rendered what raised the toast (an inline error shows then)
        window.setTimeout(() => {
          if (shownInline(text.current(message.key, message.params))) return;
          setToasts((current) =>
            current.some((toast) => sameToast(toast, message)) ? current : [...current, message],
          );
        }, INLINE_CHECK_MS);
      }),
    [],
  );

  // each toast disappears after a few seconds
  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0];
    const timer = window.setTimeout(() => {
      setToasts((current) => current.filter((toast) => toast.id !== oldest?.id));
    }, SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [toasts]);

  const dismiss = (id: string) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <section
      aria-label={t("common.notifications")}
      className="pointer-events-none fixed inset-x-0 top-3 z-[80] flex justify-center px-3 sm:top-4 sm:right-4 sm:left-auto sm:justify-end"
    >
      <div role="status" aria-live="polite" className="w-full max-w-sm">
        <ul className="flex flex-col gap-2">
          {toasts.map((toast) => (
            <li
              key={toast.id}
              className={`pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg ${TONES[toast.type]}`}
            >
              <p className="flex-1">
                {toast.errorPrefix ? t("errors.prefix") : null}
                {t(toast.key, toast.params)}
              </p>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                aria-label={t("common.dismiss")}
                className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Two toasts that say the same thing (the same kind, text and values). */
function sameToast(a: FlashMessage, b: FlashMessage): boolean {
  return (
    a.type === b.type &&
    a.key === b.key &&
    !!a.errorPrefix === !!b.errorPrefix &&
    JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {})
  );
}

/** The page already shows this text as an inline message (outside the toasts). */
function shownInline(text: string): boolean {
  const wanted = text.trim();
  for (const element of document.querySelectorAll<HTMLElement>("[data-inline-message]")) {
    if (element.textContent?.trim() === wanted && element.getClientRects().length > 0) return true;
  }
  return false;
}
