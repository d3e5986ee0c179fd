import { useEffect, useMemo, useState } from "react";
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { parseIdFromParam } from "../../../domain/slug";
import type { HeaderSlide } from "../../../domain/types";
import { headerSlidesOrderSchema } from "../../../domain/validation/catalog";
import { FormAlert, SubmitButton } from "../../components/form-field";
import { SortableList } from "../../components/staff/sortable-list";
import { EditDeleteActions, ListHeading, RING_BUTTON } from "../../components/staff/taxonomy-list";
import { errorMessageKey, errorStatus } from "../../lib/auth.server";
import { redirectWithFlash } from "../../lib/flash.server";
import { useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { parseJsonArrayField } from "../../lib/staff-forms";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import { useSubmitting } from "../../lib/use-form-validation";
import type { Route } from "./+types/slides";

// /konto/sklep/naglowek: the home banner slides in their order, with thumbnails. Staff drag them
// (or use the up/down buttons) and save the new order at once ("Zapisz kolejność", the bulk update);
// edit a slide, or delete it after a confirmation. Without JavaScript, the order field of each
// slide's form sets its place.

const PATH = STAFF_SECTIONS.slides;

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.naglowek");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  return { slides: await context.services.content.listHeaderSlides() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request);
  const { slideAdmin } = context.services;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "reorder") {
    const parsed = headerSlidesOrderSchema.safeParse(parseJsonArrayField(form.get("order")));
    if (!parsed.success)
      return data({ formError: "errors.formContainsErrors" as MessageKey }, { status: 400 });
    const result = await slideAdmin.reorderSlides(user, parsed.data);
    if (!result.ok)
      return data({ formError: errorMessageKey(result.code) }, { status: errorStatus(result.code) });
    return redirectWithFlash(PATH, { type: "success", key: "staff.sortable.orderSaved" });
  }
  const id = parseIdFromParam(String(form.get("id") ?? ""));
  if (intent === "delete" && id !== null) {
    const result = await slideAdmin.deleteSlide(user, id);
    if (!result.ok)
      return data({ formError: errorMessageKey(result.code) }, { status: errorStatus(result.code) });
    return redirectWithFlash(PATH, { type: "success", key: "success.slideRemoved" });
  }
  return redirectWithFlash(PATH, { type: "error", key: "errors.formContainsErrors" });
}

export default function StaffSlides() {
  const t = useT();
  const { slides } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const submitting = useSubmitting();
  const [items, setItems] = useState<HeaderSlide[]>(slides);
  const savedOrder = JSON.stringify(slides);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the content, so a revalidation keeps unsaved moves
  useEffect(() => setItems(slides), [savedOrder]);
  const dirty = useMemo(
    () => items.some((slide, index) => slides[index]?._id !== slide._id),
    [items, slides],
  );

  return (
    <div className="space-y-5">
      <ListHeading title={t("staff.segment.naglowek")} section="slides" add={t("staff.slides.add")} />
      {failure?.formError ? <FormAlert message={t(failure.formError)} /> : null}
      {items.length === 0 ? (
        <p className="text-stone-700">{t("staff.empty")}</p>
      ) : (
        <SortableList
          items={items}
          label={t("staff.segment.naglowek")}
          getKey={(slide) => slide._id}
          getLabel={(slide) => slide.title}
          onReorder={setItems}
          renderItem={(slide) => (
            <div className="flex flex-wrap items-center gap-3">
              {slide.image.url ? (
                <img
                  src={slide.image.url}
                  alt=""
                  loading="lazy"
                  draggable={false}
                  className="h-14 w-24 shrink-0 rounded-lg bg-stone-100 object-cover"
                />
              ) : (
                <span className="flex h-14 w-24 items-center justify-center rounded-lg bg-stone-100 text-xs text-stone-500">
                  {t("staff.slides.noImage")}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-stone-900">{slide.title}</p>
                {slide.link ? <p className="truncate text-sm text-stone-600">{slide.link}</p> : null}
              </div>
              <EditDeleteActions section="slides" id={slide._id} name={slide.title} className="flex gap-2" />
            </div>
          )}
        />
      )}
      {dirty ? (
        <Form
          method="post"
          className="sticky bottom-2 flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 p-3 shadow ring-1 ring-amber-200"
        >
          <input type="hidden" name="intent" value="reorder" />
          <input
            type="hidden"
            name="order"
            value={JSON.stringify(items.map((slide, index) => ({ _id: slide._id, order: index })))}
          />
          <p role="status" className="flex-1 text-sm text-amber-900">
            {t("staff.sortable.unsaved")}
          </p>
          <button
            type="button"
            onClick={() => setItems(slides)}
            className={`${RING_BUTTON} text-stone-800 ring-stone-300 hover:bg-white`}
          >
            {t("staff.sortable.reset")}
          </button>
          <SubmitButton pending={submitting}>{t("staff.sortable.saveOrder")}</SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}
