import type { FastifyReply } from "fastify";

/** A PDF file (an invoice, a correcting invoice, a withdrawal statement) shown in the browser, named. */
export function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .type("application/pdf")
    .header("content-disposition", `inline; filename="${file.fileName}"`)
    .send(Buffer.from(file.bytes));
}

/** A file to save (an FA(3) XML, a UPO, the accountant's CSV or ZIP), named. */
export function sendDownload(
  reply: FastifyReply,
  type: "application/xml" | "application/zip" | "text/csv",
  file: { fileName: string; bytes: Uint8Array | string },
): FastifyReply {
  const charset = type === "application/zip" ? "" : "; charset=utf-8";
  return reply
    .type(`${type}${charset}`)
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .send(typeof file.bytes === "string" ? file.bytes : Buffer.from(file.bytes));
}
