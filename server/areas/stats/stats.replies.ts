import { z } from "zod";
import type { ShopStats } from "../../../domain/stats";
import { grosze } from "../../http/reply-schemas";

// What GET /api/shops/stats answers on success (docs/decisions/060), typed against domain/stats.ts
// ShopStats; stats.replies.test.ts checks a real reply.

const day = z.string();
const orders = z.number().int();

export const statsReply: z.ZodType<ShopStats> = z.object({
  from: day,
  to: day,
  daily: z.array(z.object({ day, revenueGrosze: grosze, paidOrders: orders })),
  byStatus: z.array(z.object({ status: z.string(), orders })),
  topProducts: z.array(
    z.object({
      productId: z.number().int().nullable(),
      title: z.string(),
      units: z.number().int(),
      revenueGrosze: grosze,
    }),
  ),
  startedOrders: orders,
  paidOrders: orders,
  revenueGrosze: grosze,
  averageOrderGrosze: grosze,
  conversion: z.number(),
});
