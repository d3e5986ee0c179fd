import { z } from "zod";
import { id } from "../../http/reply-schemas";
import type { BulkApplied, BulkPreview, BulkRow, BulkState } from "./product-bulk.service";

// The answers of the bulk edit routes (product-bulk.routes.ts), typed against the service's shapes.

const grosze = z.number().int();
const count = z.number().int().min(0);

const bulkState: z.ZodType<BulkState> = z.object({
  priceGrosze: grosze.optional(),
  promotionalPriceGrosze: grosze.nullable().optional(),
  variants: z
    .array(z.object({ _id: id, priceGrosze: grosze, promotionalPriceGrosze: grosze.nullable() }))
    .optional(),
  value: z.boolean().optional(),
});

const bulkRow: z.ZodType<BulkRow> = z.object({
  _id: id,
  title: z.string(),
  before: bulkState,
  after: bulkState.nullable(),
  refusal: z.enum(["not-positive", "too-high", "promotional-not-below-price"]).nullable(),
});

export const bulkPreviewReply: z.ZodType<BulkPreview> = z.object({
  rows: z.array(bulkRow),
  selected: count,
  changed: count,
  unchanged: count,
  refused: count,
  fingerprint: z.string(),
});

export const bulkAppliedReply: z.ZodType<BulkApplied> = z.object({ changed: count });
