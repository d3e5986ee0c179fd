// Price inputs (SPEC §5 Price filter: numeric, min 0, step 0.01). Amounts come out in grosze.

import { z } from "zod";
import { parsePriceToGrosze } from "../money";
import { MSG } from "./messages";

function toGrosze(value: string | number | null | undefined, ctx: z.RefinementCtx): number | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === "number" ? String(value) : value.trim();
  if (text === "") return undefined;
  const number = Number(text.replace(",", "."));
  if (Number.isNaN(number)) {
    ctx.addIssue({ code: "custom", message: MSG.number });
    return undefined;
  }
  if (number < 0) {
    ctx.addIssue({ code: "custom", message: MSG.minValue, params: { min: 0 } });
    return undefined;
  }
  const grosze = parsePriceToGrosze(typeof value === "number" ? value : text);
  if (grosze === null) {
    ctx.addIssue({ code: "custom", message: MSG.invalid });
    return undefined;
  }
  return grosze;
}

/** Optional amount in złoty ("12,34", "12.34", 12.34) -> grosze or undefined when blank. */
export const optionalPriceInputSchema = z
  .union([z.string(), z.number(), z.null()], { error: MSG.number })
  .optional()
  .transform(toGrosze);

/** Required amount in złoty -> grosze. */
export const priceInputSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? MSG.required : MSG.number),
  })
  .transform((value, ctx) => {
    if (typeof value === "string" && value.trim() === "") {
      ctx.addIssue({ code: "custom", message: MSG.required });
      return z.NEVER;
    }
    const grosze = toGrosze(value, ctx);
    return grosze === undefined ? z.NEVER : grosze;
  });

/** The price range panel (inputs named minCena/maxCena); min <= max, reported on maxCena. */
export const priceFilterSchema = z
  .object({ minCena: optionalPriceInputSchema, maxCena: optionalPriceInputSchema })
  .superRefine((data, ctx) => {
    if (data.minCena !== undefined && data.maxCena !== undefined && data.minCena > data.maxCena) {
      ctx.addIssue({ code: "custom", path: ["maxCena"], message: MSG.priceRange });
    }
  })
  .transform((data) => ({ minCenaGrosze: data.minCena ?? null, maxCenaGrosze: data.maxCena ?? null }));
export type PriceFilter = z.output<typeof priceFilterSchema>;
