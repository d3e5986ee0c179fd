// Helpers the staff route actions share to read their forms.

/** Parses a form field holding a JSON array (ImagePicker, variants editor, …); anything malformed gives []. */
export function parseJsonArrayField(value: FormDataEntryValue | null): unknown[] {
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
