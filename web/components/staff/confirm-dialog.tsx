import { useEffect, useId, useRef } from "react";
import { useT } from "../../lib/i18n";

// An accessible confirmation modal (SPEC §4: each moderator action after a confirmation dialog;
// closing it cancels). A native <dialog> opened with showModal(): the page behind is inert, so Tab
// stays inside; Escape, the "Nie" button and a click on the backdrop cancel. The focus starts on
// the safe choice ("Nie") and returns to the element that opened the dialog.

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; Escape is handled by the dialog
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-800 shadow-2xl backdrop:bg-stone-900/50"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {title ?? t("order.confirmTitle")}
        </h2>
        <p id={messageId} className="mt-2 text-sm text-stone-700">
          {message}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            className="inline-flex min-h-11 items-center rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-800 hover:bg-stone-50"
          >
            {cancelLabel ?? t("order.confirmNo")}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            className="inline-flex min-h-11 items-center rounded-full bg-accent-600 px-5 text-sm font-semibold text-white hover:bg-accent-700"
          >
            {confirmLabel ?? t("order.confirmYes")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
