import { type DragEvent, type ReactNode, useState } from "react";
import { useT } from "../../lib/i18n";

// A list staff reorder by dragging (native HTML5 drag and drop, with a visible drop line) or with
// the up/down buttons of each row (keyboard and touch). It only reports the new order through
// `onReorder`; the screen keeps it and saves it (e.g. one "Zapisz kolejność" bulk call).

export interface SortableListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** the item's name in the buttons' labels ("Przesuń wyżej: {name}") */
  getLabel: (item: T) => string;
  onReorder: (items: T[]) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** accessible name of the list */
  label: string;
}

type Drop = { index: number; side: "before" | "after" };

/** `items` with the entry at `from` moved to position `to` (0-based, in the list without it). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return [...items];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

const ARROW_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-full text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40";

export function SortableList<T>({
  items,
  getKey,
  getLabel,
  onReorder,
  renderItem,
  label,
}: SortableListProps<T>) {
  const t = useT();
  const [dragged, setDragged] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);

  function onDragOver(event: DragEvent<HTMLLIElement>, index: number) {
    if (dragged === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const box = event.currentTarget.getBoundingClientRect();
    const side = event.clientY < box.top + box.height / 2 ? "before" : "after";
    if (drop?.index !== index || drop.side !== side) setDrop({ index, side });
  }

  function onDrop(event: DragEvent<HTMLLIElement>) {
    event.preventDefault();
    if (dragged !== null && drop) {
      const target = drop.side === "before" ? drop.index : drop.index + 1;
      const to = dragged < target ? target - 1 : target;
      if (to !== dragged) onReorder(moveItem(items, dragged, to));
    }
    setDragged(null);
    setDrop(null);
  }

  return (
    <ol
      aria-label={label}
      className="divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      {items.map((item, index) => {
        const name = getLabel(item);
        const line = drop?.index === index ? drop.side : null;
        return (
          <li
            key={getKey(item)}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", String(getKey(item)));
              setDragged(index);
            }}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={onDrop}
            onDragEnd={() => {
              setDragged(null);
              setDrop(null);
            }}
            data-drop={line ?? undefined}
            className={`relative flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap ${
              dragged === index ? "opacity-50" : ""
            }`}
          >
            {line ? (
              <span
                aria-hidden="true"
                className={`pointer-events-none absolute inset-x-2 h-1 rounded-full bg-accent-600 ${
                  line === "before" ? "-top-0.5" : "-bottom-0.5"
                }`}
              />
            ) : null}
            <span
              aria-hidden="true"
              title={t("staff.sortable.drag", { name })}
              className="hidden cursor-grab select-none px-1 text-xl text-stone-400 sm:inline"
            >
              ⠿
            </span>
            <div className="min-w-0 flex-1">{renderItem(item, index)}</div>
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                className={ARROW_BUTTON}
                disabled={index === 0}
                aria-label={t("staff.sortable.moveUp", { name })}
                onClick={() => onReorder(moveItem(items, index, index - 1))}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className={ARROW_BUTTON}
                disabled={index === items.length - 1}
                aria-label={t("staff.sortable.moveDown", { name })}
                onClick={() => onReorder(moveItem(items, index, index + 1))}
              >
                <span aria-hidden="true">↓</span>
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
