import type { Tx } from "../client";
import { fieldOptions, productFields } from "../schema";
import { type FieldKey, fieldDefs } from "./demo-data/products";
import { daysBefore } from "./plan";

// The demo product fields (size, colour, embroidery, wrapping) and their options.

/** The ids of the inserted fields and options, by their keys in the demo data. */
export interface SeededFields {
  fieldId(key: FieldKey): number;
  optionId(field: FieldKey, option: string): number;
}

export async function insertProductFields(tx: Tx, now: Date): Promise<SeededFields> {
  const fieldIds = new Map<FieldKey, number>();
  const optionIds = new Map<string, number>(); // "field:option" -> id
  for (const def of fieldDefs) {
    const [field] = await tx
      .insert(productFields)
      .values({
        title: def.title,
        type: "radio",
        description: def.description,
        changePrice: def.changePrice,
        createdAt: daysBefore(now, 120),
        updatedAt: daysBefore(now, 120),
      })
      .returning({ id: productFields.id });
    if (!field) throw new Error("Field insert returned nothing");
    fieldIds.set(def.key, field.id);
    const options = await tx
      .insert(fieldOptions)
      .values(
        def.options.map((option, position) => ({
          fieldId: field.id,
          title: option.title,
          description: option.description,
          position,
        })),
      )
      .returning({ id: fieldOptions.id, position: fieldOptions.position });
    for (const option of options) {
      const key = def.options[option.position]?.key;
      if (key) optionIds.set(`${def.key}:${key}`, option.id);
    }
  }
  return {
    fieldId(key) {
      const id = fieldIds.get(key);
      if (id === undefined) throw new Error(`Unknown field ${key}`);
      return id;
    },
    optionId(field, option) {
      const id = optionIds.get(`${field}:${option}`);
      if (id === undefined) throw new Error(`Unknown option ${field}:${option}`);
      return id;
    },
  };
}
