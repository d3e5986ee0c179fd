import type { Params as MessageParams } from "../../../domain/i18n/translate";
import type { Category } from "../../../domain/types";
import type { BulkApplyRequest, BulkPreviewRequest } from "../../../domain/validation/product-bulk";
import type { BulkApplied, BulkPreview } from "../../../server/web-door";

// The browser's calls of the bulk edit routes (POST /api/staff/products/bulk/preview and /apply)
// with the session cookie, and its read of the category list for the category choice.

export interface BulkFailure {
  messageKey: string;
  params?: MessageParams;
}

export type BulkAnswer<T> = { ok: true; value: T } | { ok: false; failure: BulkFailure };

async function post<T>(step: "preview" | "apply", body: unknown): Promise<BulkAnswer<T>> {
  try {
    const response = await fetch(`/api/staff/products/bulk/${step}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (response.ok) return { ok: true, value: json as T };
    const failure = json as { messageKey?: string; details?: { params?: MessageParams } } | null;
    return {
      ok: false,
      failure: { messageKey: failure?.messageKey ?? "errors.generic", params: failure?.details?.params },
    };
  } catch {
    return { ok: false, failure: { messageKey: "errors.generic" } };
  }
}

export const previewBulk = (body: BulkPreviewRequest) => post<BulkPreview>("preview", body);
export const applyBulk = (body: BulkApplyRequest) => post<BulkApplied>("apply", body);

export async function fetchCategories(): Promise<Category[]> {
  const response = await fetch("/api/shops/categories", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error("categories");
  return (await response.json()) as Category[];
}
