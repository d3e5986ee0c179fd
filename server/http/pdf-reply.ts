import type { FastifyReply } from "fastify";

/** A PDF file (an invoice, a correcting invoice, a withdrawal statement) shown in the browser, named. */
export function sendPdf(reply: FastifyReply, file: { fileName: string; bytes: Uint8Array }): FastifyReply {
  return reply
    .type("application/pdf")
    .header("content-disposition", `inline; filename="${file.fileName}"`)
    .send(Buffer.from(file.bytes));
}
