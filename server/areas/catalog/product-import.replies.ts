import { z } from "zod";
import { PRODUCT_FILE_COLUMNS } from "../../../domain/product-file";
import { isMessageKey, type MessageKey } from "../../../domain/validation/messages";
import { id } from "../../http/reply-schemas";
import type { ImportApplied, ImportLine, ImportPreview } from "./product-import.service";

// The answers of the product import routes (product-import.routes.ts), typed against the service's shapes.

const count = z.number().int().min(0);
const column = z.enum(PRODUCT_FILE_COLUMNS);

const importLine: z.ZodType<ImportLine> = z.object({
  line: z.number().int().min(1),
  sku: z.string(),
  title: z.string(),
  action: z.enum(["create", "change", "unchanged", "error"]),
  productId: id.nullable(),
  changed: z.array(column),
  errors: z.array(
    z.object({
      column: z.union([column, z.literal("")]),
      error: z.object({
        key: z.string().refine(isMessageKey) as unknown as z.ZodType<MessageKey>,
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    }),
  ),
});

export const importPreviewReply: z.ZodType<ImportPreview> = z.object({
  lines: z.array(importLine),
  counts: z.object({ create: count, change: count, unchanged: count, error: count }),
  fingerprint: z.string(),
});

export const importAppliedReply: z.ZodType<ImportApplied> = z.object({ created: count, changed: count });
