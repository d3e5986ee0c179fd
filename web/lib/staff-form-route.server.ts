import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import type { MessageKey } from "../../domain/i18n";
import { parseIdFromParam } from "../../domain/slug";
import type { PublicUser } from "../../domain/types";
import { parseForm } from "../../domain/validation/errors";
import type { Failure } from "../../server/web-door";
import { postedValues, typedValues } from "../components/staff/content/form-values";
import { failedForm, invalidForm } from "./auth.server";
import { redirectWithFlash } from "./flash.server";
import type { FormFailure } from "./forms";
import { requireStaff } from "./staff.server";
import { STAFF_SECTIONS, type StaffSection } from "./staff-paths";

// The one shape of the staff add/edit routes (/konto/sklep/{section}/dodaj and /edytuj/{id}): the
// loader finds the edited record (404 when there is none), the action validates the posted form with
// the schema the browser used, creates or updates through the area's admin service, and goes back to
// the list with a message; a failure shows the form again with what was typed.

/** The id of an edit route's record; null on an add route. A malformed id is a 404. */
export function editedId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseIdFromParam(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** The record an edit route edits (a 404 when it does not exist); null on an add route. */
export async function editedRecord<T>(
  params: { id?: string },
  get: (id: number) => Promise<T | null | undefined>,
): Promise<T | null> {
  const id = editedId(params);
  if (id === null) return null;
  const record = await get(id);
  if (!record) throw data(null, { status: 404 });
  return record;
}

type Saved = { ok: true } | Failure;

export interface StaffFormSave<S extends z.ZodType> {
  /** the record's id when editing, null when adding */
  id: number | null;
  schema: S;
  /** the posted values as the schema reads them */
  values: unknown;
  /** what the form shows again after a failure */
  kept: FormFailure["values"];
  create(input: z.output<S>): Promise<Saved>;
  update(id: number, input: z.output<S>): Promise<Saved>;
  /** where a saved form goes, with the message of an added or an updated record */
  backTo: string;
  added: MessageKey;
  updated: MessageKey;
}

/** The staff add/edit action: validate, create or update, then back to the list with a message. */
export async function saveStaffForm<S extends z.ZodType>(save: StaffFormSave<S>) {
  const parsed = parseForm(save.schema, save.values);
  if (!parsed.ok) return invalidForm(parsed.errors, save.kept);
  const result = save.id === null ? await save.create(parsed.data) : await save.update(save.id, parsed.data);
  if (!result.ok) return failedForm(result, save.kept);
  return redirectWithFlash(save.backTo, {
    type: "success",
    key: save.id === null ? save.added : save.updated,
  });
}

/** An admin service's writes as a staff form calls them: as the signed-in staff member. */
export interface StaffWrites<I> {
  create(actor: PublicUser, input: I): Promise<Saved>;
  update(actor: PublicUser, id: number, input: I): Promise<Saved>;
}

export interface StaffFormRoute<S extends z.ZodType> {
  /** the list the saved form goes back to */
  section: StaffSection;
  schema: S;
  /** the checkboxes posted as booleans and the multi-selects (postedValues) */
  posted?: Parameters<typeof postedValues>[1];
  /** what the form shows again after a failure (default: the posted text values) */
  kept?: (values: Record<string, unknown>) => FormFailure["values"];
  writes: (services: AppLoadContext["services"]) => StaffWrites<z.output<S>>;
  added: MessageKey;
  updated: MessageKey;
}

/**
 * The whole action of a staff add/edit route whose form posts plain values: a shop moderator only,
 * the posted form read as the browser read it, then saveStaffForm.
 */
export async function staffFormAction<S extends z.ZodType>(
  { context, request, params }: { context: AppLoadContext; request: Request; params: { id?: string } },
  form: StaffFormRoute<S>,
) {
  const user = requireStaff(context, request);
  const id = editedId(params);
  const values = postedValues(await request.formData(), form.posted);
  const writes = form.writes(context.services);
  return saveStaffForm({
    id,
    schema: form.schema,
    values,
    kept: (form.kept ?? typedValues)(values),
    create: (input) => writes.create(user, input),
    update: (recordId, input) => writes.update(user, recordId, input),
    backTo: STAFF_SECTIONS[form.section],
    added: form.added,
    updated: form.updated,
  });
}
