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
    setToasts((current) => [...current, flash]);
  }, [flash]);

  useEffect(() => listenToToasts((message) => setToasts((current) => [...current, message])), []);

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
