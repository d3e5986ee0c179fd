import { z } from "zod";

// What the health routes answer (docs/decisions/060, 071); the checks never name a host, a user or
// a connection string.

const check = z.enum(["ok", "fail", "off", "unknown"]);

export const liveReply = z.object({ status: z.literal("ok") });

/** 200 with "ok", 503 with "unavailable": each check says which one failed */
export const readyReply = z.object({
  status: z.enum(["ok", "unavailable"]),
  checks: z.object({ database: check, migrations: check, jobWorker: check, shutdown: check }),
});
