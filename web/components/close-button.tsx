import { CloseIcon } from "./icons";

/** The round "×" button of dialogs, drawers and notices; `label` names what it closes. */
export function CloseButton({
  label,
  onClick,
  className = "size-10 hover:bg-stone-100",
  iconClassName = "size-6",
}: {
  label: string;
  onClick: () => void;
  /** size and hover colour */
  className?: string;
  iconClassName?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-full ${className}`}
    >
      <CloseIcon className={iconClassName} />
    </button>
  );
}
