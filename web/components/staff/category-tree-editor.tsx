import { type DragEvent, useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import {
  childrenOf,
  type DropPosition,
  isWithin,
  moveCategory,
  possibleSteps,
  stepCategory,
  type TreeNode,
  type TreeStep,
} from "../../../domain/category-tree-edit";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { FieldErrorText, SubmitButton, TextField } from "../form-field";
import { ConfirmedPostForm } from "./confirmed-delete";
import { EnglishVersion } from "./english-version";

// The category tree of /konto/sklep/kategorie. Staff reorder and re-parent categories by dragging
// a row before, after or onto another one (native HTML5 drag and drop with a drop indicator), or
// with the buttons of each row (up, down, indent = into the previous sibling, outdent) from the
// keyboard or a touch screen. Changes stay local until "Zapisz kolejność" posts every category's
// parent and order at once. Without JavaScript each arrow button posts its one move instead.
// Every row also renames inline (a disclosure with a small form, the English title in its folding
// English group) and deletes after a confirmation.

export interface EditableCategory extends TreeNode {
  title: string;
  /** the English title (issue 30): blank = none */
  titleEn: string;
}

export interface RenameFailure {
  id: number;
  title: string;
  titleEn: string;
  errors: Record<string, FieldError>;
}

const STEP_FORM_ID = "category-step-form";
const STEP_ICONS: Record<TreeStep, string> = { up: "↑", down: "↓", indent: "→", outdent: "←" };
const ICON_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-full text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40";
const TEXT_BUTTON =
  "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-accent-600";

type Drop = { id: number; position: DropPosition };

export function CategoryTreeEditor({
  categories,
  renameFailure,
}: {
  categories: readonly EditableCategory[];
  renameFailure?: RenameFailure | undefined;
}) {
  const t = useT();
  const [items, setItems] = useState<EditableCategory[]>(() => [...categories]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);

  // a changed tree from the server (after a save, an add, a rename or a delete) replaces the local
  // one; a mere revalidation with the same tree keeps unsaved moves
  const savedTree = JSON.stringify(categories);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the content, not the array's identity
  useEffect(() => setItems([...categories]), [savedTree]);

  const dirty = useMemo(() => {
    const saved = new Map(categories.map((item) => [item._id, item]));
    return items.some((item) => {
      const old = saved.get(item._id);
      return !old || old.parent !== item.parent || old.order !== item.order;
    });
  }, [categories, items]);

  const stepLabels: Record<TreeStep, (name: string) => string> = {
    up: (name) => t("staff.sortable.moveUp", { name }),
    down: (name) => t("staff.sortable.moveDown", { name }),
    indent: (name) => t("staff.categories.indent", { name }),
    outdent: (name) => t("staff.categories.outdent", { name }),
  };

  function positionFor(event: DragEvent<HTMLElement>): DropPosition {
    const box = event.currentTarget.getBoundingClientRect();
    const y = event.clientY - box.top;
    if (y < box.height * 0.3) return "before";
    if (y > box.height * 0.7) return "after";
    return "inside";
  }

  function onDragOver(event: DragEvent<HTMLElement>, id: number) {
    if (dragged === null || isWithin(items, id, dragged)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    const position = positionFor(event);
    if (drop?.id !== id || drop.position !== position) setDrop({ id, position });
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    if (dragged !== null && drop) {
      const next = moveCategory(items, dragged, drop.id, drop.position);
      if (next) setItems(next);
    }
    setDragged(null);
    setDrop(null);
  }

  function renderLevel(parent: number | null) {
    const level = childrenOf(items, parent);
    if (level.length === 0) return null;
    return (
      <ul
        className={parent === null ? "space-y-2" : "mt-2 space-y-2 border-l-2 border-stone-200 pl-3 sm:pl-6"}
      >
        {level.map((item) => (
          <li key={item._id}>
            {renderRow(item)}
            {renderLevel(item._id)}
          </li>
        ))}
      </ul>
    );
  }

  function renderRow(item: EditableCategory) {
    const steps = possibleSteps(items, item._id);
    const target = drop?.id === item._id ? drop.position : null;
    const failed = renameFailure?.id === item._id ? renameFailure : undefined;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop is the pointer alternative; the buttons do the same from the keyboard
      <div
        draggable
        onDragStart={(event) => {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", String(item._id));
          setDragged(item._id);
        }}
        onDragOver={(event) => onDragOver(event, item._id)}
        onDragLeave={() => setDrop((current) => (current?.id === item._id ? null : current))}
        onDrop={onDrop}
        onDragEnd={() => {
          setDragged(null);
          setDrop(null);
        }}
        data-testid={`category-row-${item._id}`}
        data-drop={target ?? undefined}
        className={`relative rounded-xl bg-white p-3 shadow-sm ring-1 ${
          target === "inside" ? "ring-2 ring-accent-600 bg-accent-50" : "ring-stone-200"
        } ${dragged === item._id ? "opacity-50" : ""}`}
      >
        {target === "before" || target === "after" ? (
          <span
            className={`pointer-events-none absolute inset-x-2 h-1 rounded-full bg-accent-600 ${
              target === "before" ? "-top-1.5" : "-bottom-1.5"
            }`}
          >
            <span className="sr-only">
              {t(target === "before" ? "staff.categories.dropBefore" : "staff.categories.dropAfter")}
            </span>
          </span>
        ) : null}
        {target === "inside" ? <span className="sr-only">{t("staff.categories.dropInside")}</span> : null}
        <div className="flex flex-wrap items-center gap-2">
          <span
            aria-hidden="true"
            className="hidden cursor-grab select-none text-xl text-stone-400 sm:inline"
          >
            ⠿
          </span>
          <span className="min-w-0 flex-1 font-semibold break-words text-stone-900">{item.title}</span>
          <div className="flex flex-wrap gap-1.5">
            {(Object.keys(STEP_ICONS) as TreeStep[]).map((step) => (
              <button
                key={step}
                type="submit"
                form={STEP_FORM_ID}
                name="step"
                value={`${item._id}:${step}`}
                disabled={!steps[step]}
                aria-label={stepLabels[step](item.title)}
                title={stepLabels[step](item.title)}
                className={ICON_BUTTON}
                onClick={(event) => {
                  event.preventDefault();
                  const next = stepCategory(items, item._id, step);
                  if (next) setItems(next);
                }}
              >
                <span aria-hidden="true">{STEP_ICONS[step]}</span>
              </button>
            ))}
          </div>
        </div>
        <div className="mt-2 flex flex-wrap items-start gap-2">
          <details className="group min-w-0 flex-1" open={failed ? true : undefined}>
            <summary
              className={`${TEXT_BUTTON} cursor-pointer list-none text-stone-800 ring-stone-300 hover:bg-stone-50`}
              aria-label={t("staff.categories.rename", { name: item.title })}
            >
              {t("staff.edit")}
            </summary>
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="id" value={item._id} />
              <div className="min-w-0 flex-1">
                <label
                  htmlFor={`rename-${item._id}`}
                  className="mb-1 block text-sm font-medium text-stone-800"
                >
                  {t("staff.categories.newName", { name: item.title })}
                </label>
                <input
                  id={`rename-${item._id}`}
                  name="title"
                  required
                  defaultValue={failed ? failed.title : item.title}
                  aria-invalid={failed?.errors.title ? true : undefined}
                  aria-describedby={failed?.errors.title ? `rename-${item._id}-error` : undefined}
                  className="block w-full rounded-lg border border-stone-300 px-3 py-2 text-base"
                />
                <FieldErrorText id={`rename-${item._id}-error`} error={failed?.errors.title} />
              </div>
              <button type="submit" className={`${TEXT_BUTTON} bg-accent-600 text-white ring-accent-600`}>
                {t("common.save")}
              </button>
              <div className="w-full">
                <EnglishVersion
                  values={{ titleEn: failed ? failed.titleEn : item.titleEn }}
                  errors={failed?.errors ?? {}}
                >
                  <TextField
                    name="titleEn"
                    label={t("staff.english.title")}
                    defaultValue={failed ? failed.titleEn : item.titleEn}
                    error={failed?.errors.titleEn}
                    optional
                  />
                </EnglishVersion>
              </div>
            </Form>
          </details>
          <ConfirmedPostForm question={t("staff.confirmDelete", { name: item.title })}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={item._id} />
            <button
              type="submit"
              aria-label={`${t("staff.delete")}: ${item.title}`}
              className={`${TEXT_BUTTON} text-red-800 ring-red-300 hover:bg-red-50`}
            >
              {t("staff.delete")}
            </button>
          </ConfirmedPostForm>
        </div>
      </div>
    );
  }

  return (
    <section aria-label={t("staff.categories.tree")}>
      <p className="mb-3 text-sm text-stone-600">{t("staff.categories.dragHint")}</p>
      {/* without JavaScript the arrow buttons post here: one move, saved at once */}
      <Form id={STEP_FORM_ID} method="post" className="hidden">
        <input type="hidden" name="intent" value="step" />
      </Form>
      {renderLevel(null)}
      {dirty ? (
        <Form
          method="post"
          className="sticky bottom-2 mt-4 flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-3 shadow ring-1 ring-amber-200"
        >
          <input type="hidden" name="intent" value="reorder" />
          <input
            type="hidden"
            name="order"
            value={JSON.stringify(items.map(({ _id, parent, order }) => ({ _id, parent, order })))}
          />
          <p role="status" className="flex-1 text-sm text-amber-900">
            {t("staff.sortable.unsaved")}
          </p>
          <button
            type="button"
            onClick={() => setItems([...categories])}
            className={`${TEXT_BUTTON} text-stone-800 ring-stone-300 hover:bg-white`}
          >
            {t("staff.sortable.reset")}
          </button>
          <SubmitButton>{t("staff.sortable.saveOrder")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
