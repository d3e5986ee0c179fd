// Processing-time options (SPEC §9): the cart shows the longest among its items, default 1-2 days.

import { z } from "zod";
import type { ProcessingTime } from "./types";

export const PROCESSING_TIMES = ["1-2", "3-6", "7-9", "10-14"] as const satisfies readonly ProcessingTime[];
export const DEFAULT_PROCESSING_TIME: ProcessingTime = "1-2";

export const processingTimeSchema = z.enum(PROCESSING_TIMES, { error: "validation.invalid" });

export function isProcessingTime(value: unknown): value is ProcessingTime {
  return typeof value === "string" && (PROCESSING_TIMES as readonly string[]).includes(value);
}

/** Negative when a is shorter than b, 0 when equal, positive when longer. Usable with Array.sort. */
export function compareProcessingTime(a: ProcessingTime, b: ProcessingTime): number {
  return PROCESSING_TIMES.indexOf(a) - PROCESSING_TIMES.indexOf(b);
}

/** The longest of the given times, or the default ("1-2") for an empty list. */
export function longestProcessingTime(
  times: Iterable<ProcessingTime>,
  fallback: ProcessingTime = DEFAULT_PROCESSING_TIME,
): ProcessingTime {
  let longest: ProcessingTime | null = null;
  for (const time of times) {
    if (longest === null || compareProcessingTime(time, longest) > 0) longest = time;
  }
  return longest ?? fallback;
}
