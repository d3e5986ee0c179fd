import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { CloseButton } from "../../components/close-button";
import { useT } from "../../lib/i18n";

// The modal the parcel-locker pickers open: a native <dialog> shown with showModal() (the page
// behind is inert, Tab stays inside, Escape closes), full screen on a phone and a centred panel
// from 640 px. Rendered into <body> so that it is never inside the checkout <form> (Enter in
// its search field must not submit the order). The opener puts the focus back (the trigger).

export function ParcelDialog({
  title,
  onClose,
  children,
  initialFocusRef,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** focused when the dialog opens (else the first focusable element) */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, when mounted
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop click only; Escape is handled by the dialog
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-white p-0 text-stone-800 backdrop:bg-stone-900/50 sm:m-auto sm:h-[min(44rem,88dvh)] sm:w-[min(42rem,calc(100vw-2rem))] sm:rounded-2xl sm:shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          <CloseButton label={t("common.close")} onClick={onClose} className="size-11 hover:bg-stone-100" />
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
